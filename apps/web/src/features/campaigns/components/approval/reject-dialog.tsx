// Rejecting a campaign: a configured reason (0 "Other" needs a text) and comments for the author.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { rejectInput, type RejectInput } from '@marquee/contracts/campaigns';
import { messages } from '@marquee/contracts/texts';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { withTextRule } from '../../../../lib/control-characters.ts';
import { useAppConfig } from '../../../../lib/app-config.ts';
import { applyServerErrors } from '../../../../lib/form-errors.ts';
import { showSuccess } from '../../../../lib/notifications.ts';
import { useCampaignTransition } from '../../api/campaigns.ts';

type Values = { reason: string; comments?: string };

const FIELDS = ['reason', 'comments'] as const;

// The select holds text; an empty one means no reason was chosen.
const schema = z
  .object({
    reason: z.string().min(1, messages.rejectionReasonRequired).transform(Number),
    comments: z.string().optional(),
  })
  .pipe(rejectInput);

export type RejectDialogProps = {
  campaign: { id: number; name: string };
  opened: boolean;
  onClose: () => void;
  /** After the rejection was saved (and toasted). */
  onRejected: () => void;
};

function RejectForm({ campaign, onClose, onRejected }: Omit<RejectDialogProps, 'opened'>) {
  const config = useAppConfig();
  const transition = useCampaignTransition();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, RejectInput>({
    defaultValues: { reason: '', comments: '' },
    resolver: withTextRule(zodResolver(schema)),
  });

  const submit = handleSubmit(async (input) => {
    try {
      await transition.mutateAsync({ action: 'reject', id: campaign.id, input });
      showSuccess(`Campaign "${campaign.name}" rejected.`);
      onRejected();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">The author is told the reason and reads your comments.</Text>
        <Controller
          control={control}
          name="reason"
          render={({ field, fieldState }) => (
            <Select
              label="Reason"
              placeholder="Choose a reason"
              required
              data={(config?.rejection_reasons ?? []).map((r) => ({ value: String(r.id), label: r.label }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              error={fieldState.error?.message}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-autofocus
            />
          )}
        />
        <Textarea
          label="Comments"
          description='Required when the reason is "Other".'
          rows={4}
          maxLength={2000}
          error={errors.comments?.message}
          {...register('comments')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={isSubmitting}>
            Reject
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function RejectDialog({ opened, ...props }: RejectDialogProps) {
  return (
    <Modal opened={opened} onClose={props.onClose} title="Reject campaign" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && <RejectForm {...props} />}
    </Modal>
  );
}
