// The form of /advertiser/add and /advertiser/:id: name (and the slug derived from it), then the
// managers tab; the screen adds the images and the clips tab. Save and Disable/Enable in the header.
import { Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { advertiserInput, type AdvertiserDetail, type AdvertiserInput } from '@marquee/contracts/advertisers';
import { IconMovie, IconUsers } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { advertiserPath, paths } from '../../../app/paths.ts';
import { ActiveStateButton, activeStateActions } from '../../../components/active-state-button.tsx';
import { EditFormHeader, ReadOnlyNotice } from '../../../components/edit-form-header.tsx';
import { SlugField, type Slugged } from '../../../components/slug-field.tsx';
import { useEditForm } from '../../../components/use-edit-form.ts';
import { UserMultiSelect } from '../../../components/user-multi-select.tsx';
import type { Detail } from '../../../lib/resources.ts';
import { userLabel, useUserChoices } from '../../../lib/user-choices.ts';
import { useDisableAdvertiser } from '../api/disable-advertiser.ts';
import { useEnableAdvertiser } from '../api/enable-advertiser.ts';
import { useSaveAdvertiser } from '../api/save-advertiser.ts';
import { SysIdBadge } from '../../../components/sys-id.tsx';

export type AdvertiserFormValues = { name: string; managers: number[] };

const schema = advertiserInput.required({ managers: true });
const FORM_ID = 'advertiser-form';
const FIELDS = ['name', 'managers'] as const;

export const valuesOf = (advertiser: AdvertiserDetail | undefined): AdvertiserFormValues => ({
  name: advertiser?.name ?? '',
  managers: [...(advertiser?.managers ?? [])].sort((a, b) => a - b),
});

export type AdvertiserFormProps = {
  /** Undefined on /advertiser/add. */
  advertiser: Detail<AdvertiserDetail> | undefined;
  readOnly: boolean;
  /** May disable and enable it. */
  canChange: boolean;
  /** The signed-in user may list users (the managers picker); else the managers show by name. */
  canListUsers: boolean;
  /** The images, between the fields and the tabs (an existing advertiser only). */
  images?: ReactNode;
  /** The clips tab's content (an existing advertiser only). */
  clips?: ReactNode;
};

export function AdvertiserForm({ advertiser, readOnly, canChange, canListUsers, images, clips }: AdvertiserFormProps) {
  const save = useSaveAdvertiser();
  const disable = useDisableAdvertiser();
  const enable = useEnableAdvertiser();
  const users = useUserChoices(canListUsers);
  /** The last save's answer (the server may have made the slug unique with a suffix). */
  const [lastSaved, setLastSaved] = useState<Slugged>();
  const {
    register,
    control,
    submit,
    formState: { errors, isSubmitting },
  } = useEditForm<Detail<AdvertiserDetail>, AdvertiserFormValues, AdvertiserInput>({
    object: advertiser,
    valuesOf,
    schema,
    readOnly,
    fields: FIELDS,
    pathOf: advertiserPath,
    describe: (saved) => `Advertiser "${saved.name}"`,
    save: (input) => save.mutateAsync({ id: advertiser?.id, values: input }),
    onSaved: (saved) => setLastSaved({ name: saved.name, slug: saved.slug }),
  });
  const name = useWatch({ control, name: 'name' });

  return (
    <>
      <EditFormHeader
        noun="Advertiser"
        name={advertiser?.name}
        list={{ label: 'Advertisers', to: paths.advertisers }}
        formId={FORM_ID}
        readOnly={readOnly}
        saving={isSubmitting}
      >
        {advertiser && canChange && (
          <ActiveStateButton
            isActive={advertiser.is_active}
            noun="advertiser"
            name={advertiser.name}
            {...activeStateActions(advertiser.id, `Advertiser "${advertiser.name}"`, disable, enable)}
          />
        )}
      </EditFormHeader>
      <Stack gap="md">
        {advertiser && (
          <Group gap="xs">
            <SysIdBadge value={advertiser.sys_id} />
            {!advertiser.is_active && (
              <Badge color="red.9" variant="outline" size="lg">
                Disabled
              </Badge>
            )}
            <Anchor component={Link} to={`${paths.products}?advertiser=${advertiser.id}`} size="sm">
              Products of this advertiser
            </Anchor>
          </Group>
        )}
        {readOnly && <ReadOnlyNotice what="this advertiser" />}
        <form id={FORM_ID} onSubmit={submit} noValidate>
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Name"
                required
                withAsterisk={false}
                disabled={readOnly}
                error={errors.name?.message}
                autoComplete="off"
                {...register('name')}
              />
              <SlugField name={name} saved={[lastSaved, advertiser]} />
            </SimpleGrid>
          </Paper>
        </form>
        {images}
        <Tabs defaultValue="managers" keepMounted>
          <Tabs.List>
            <Tabs.Tab value="managers" leftSection={<IconUsers size={16} aria-hidden />}>
              Managers
            </Tabs.Tab>
            {clips && (
              <Tabs.Tab value="clips" leftSection={<IconMovie size={16} aria-hidden />}>
                Video clips
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="managers" pt="md">
            <Paper withBorder p="md" radius="md">
              {canListUsers ? (
                <UserMultiSelect
                  control={control}
                  name="managers"
                  label="Managers"
                  description="Users who may change this advertiser, its products and clips."
                  users={users.data}
                  chosen={advertiser?.managers_data}
                  readOnly={readOnly}
                  loading={users.isLoading}
                  limit={100}
                  clearLabel="Remove every manager"
                  emptyText="No managers"
                />
              ) : (
                <Stack gap="xs">
                  <Text fw={600} size="sm">
                    Managers
                  </Text>
                  {advertiser?.managers_data.length ? (
                    <List size="sm">
                      {advertiser.managers_data.map((manager) => (
                        <List.Item key={manager.id}>{userLabel(manager)}</List.Item>
                      ))}
                    </List>
                  ) : (
                    <Text size="sm" c="dimmed">
                      No managers.
                    </Text>
                  )}
                </Stack>
              )}
            </Paper>
          </Tabs.Panel>
          {clips && (
            <Tabs.Panel value="clips" pt="md">
              {clips}
            </Tabs.Panel>
          )}
        </Tabs>
      </Stack>
    </>
  );
}
