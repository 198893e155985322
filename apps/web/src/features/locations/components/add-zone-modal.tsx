// Adding a zone to a location: a free zone number of the configured ones, and its name.
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { addZoneInput, type AddZoneInput } from '@marquee/contracts/locations';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { withTextRule } from '../../../lib/control-characters.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { showSuccess } from '../../../lib/notifications.ts';
import { useAddZone } from '../api/add-zone.ts';

type Values = { zone_number: string; name: string };

const FIELDS = ['zone_number', 'name'] as const;

// The select holds text; an empty one means nothing was chosen.
const schema = addZoneInput.extend({
  zone_number: z.string().min(1, 'Choose a zone number.').transform(Number).pipe(addZoneInput.shape.zone_number),
});

export type AddZoneModalProps = {
  locationId: number;
  /** The configured zone numbers the location does not have yet. */
  freeNumbers: number[];
  opened: boolean;
  onClose: () => void;
};

function AddZoneForm({ locationId, freeNumbers, onClose }: Omit<AddZoneModalProps, 'opened'>) {
  const add = useAddZone();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, AddZoneInput>({
    defaultValues: { zone_number: freeNumbers[0] ? String(freeNumbers[0]) : '', name: '' },
    resolver: withTextRule(zodResolver(schema)),
  });

  const submit = handleSubmit(async (values) => {
    try {
      await add.mutateAsync({ location: locationId, values });
      showSuccess(`Zone ${values.zone_number} "${values.name}" added.`);
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Controller
          control={control}
          name="zone_number"
          render={({ field, fieldState }) => (
            <Select
              label="Zone number"
              required
              withAsterisk={false}
              data={freeNumbers.map((number) => ({ value: String(number), label: `Zone ${number}` }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              error={fieldState.error?.message}
              allowDeselect={false}
            />
          )}
        />
        <TextInput
          label="Name"
          required
          withAsterisk={false}
          autoComplete="off"
          data-autofocus
          error={errors.name?.message}
          {...register('name')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Add zone
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AddZoneModal({ opened, ...props }: AddZoneModalProps) {
  return (
    <Modal opened={opened} onClose={props.onClose} title="Add zone" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && <AddZoneForm {...props} />}
    </Modal>
  );
}
