// The form of /location/add and /location/:id: name and address, the managers and campaign
// managers (in tabs, saved with the form), Save and Disable/Enable in the header. The screen adds
// the images and the devices and zones tabs of a saved location.
import { Group, Paper, SimpleGrid, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { isRoomTaken, type LocationDetail, type LocationInput } from '@marquee/contracts/locations';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { locationPath, paths } from '../../../app/paths.ts';
import { EditFormHeader, ReadOnlyNotice } from '../../../components/edit-form-header.tsx';
import { sendOverridable, useCanOverride } from '../../../components/override-capacity.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useEditForm } from '../../../components/use-edit-form.ts';
import { UserMultiSelect } from '../../../components/user-multi-select.tsx';
import { appConfigQueryOptions } from '../../../lib/app-config.ts';
import type { Detail } from '../../../lib/resources.ts';
import type { UserChoice } from '../../../lib/user-choices.ts';
import { useSaveLocation } from '../api/save-location.ts';
import {
  LOCATION_FORM_FIELDS,
  locationFormSchema,
  newLocationValues,
  valuesOf,
  type LocationFormValues,
} from './location-form-values.ts';
import { devicesOnlineLabel } from './location-labels.ts';
import { LocationLoopFields } from './location-loop-fields.tsx';
import { LocationStatusActions } from './location-status-actions.tsx';
import { SysIdBadge } from '../../../components/sys-id.tsx';
import { IconSpeakerphone, IconUsers } from '@tabler/icons-react';

const FORM_ID = 'location-form';

export type LocationTab = { value: string; label: string; icon: ReactNode; panel: ReactNode };

export type LocationFormProps = {
  /** Undefined on /location/add. */
  location: Detail<LocationDetail> | undefined;
  /** Every user, for the pickers; undefined when this user may not list users. */
  users: UserChoice[] | undefined;
  readOnly: boolean;
  /** May disable and enable the location. */
  canChange: boolean;
  /** Between the fields and the tabs (the week's fill and images of a saved location). */
  children?: ReactNode;
  /** Tabs after the managers' (devices and zones of a saved location). */
  extraTabs?: LocationTab[];
};

const saveAnyway = {
  title: 'Save anyway',
  consequence: 'Saving anyway overbooks the loop for them; the change is logged.',
};

export function LocationForm({ location, users, readOnly, canChange, children, extraTabs = [] }: LocationFormProps) {
  const save = useSaveLocation();
  const canOverride = useCanOverride();
  const isNew = !location;
  // A new location starts with the network's loop length and opening hours; a saved one has its own.
  const config = useQuery({ ...appConfigQueryOptions(), enabled: isNew }).data;
  const {
    register,
    control,
    submit,
    reset,
    formState: { errors, isSubmitting },
  } = useEditForm<Detail<LocationDetail>, LocationFormValues, LocationInput>({
    object: location,
    valuesOf,
    defaultValues: isNew ? newLocationValues(config) : undefined,
    schema: locationFormSchema(isNew),
    readOnly,
    fields: LOCATION_FORM_FIELDS,
    pathOf: locationPath,
    describe: (saved) => `Location "${saved.name}"`,
    // A change that leaves booked campaigns without room is refused; who may book over capacity may save
    // it anyway (the server logs it).
    save: (input) =>
      sendOverridable(
        (override) =>
          save.mutateAsync({ id: location?.id, values: override ? { ...input, override_capacity: true } : input }),
        { canOverride, overridable: isRoomTaken, prompt: saveAnyway },
      ),
  });
  // A configuration that arrives after the form fills the fields not yet typed in (and stays clean).
  useEffect(() => {
    if (isNew && config) reset(newLocationValues(config), { keepDirtyValues: true, keepErrors: true });
  }, [isNew, config, reset]);

  // Both pickers offer everyone already chosen in either.
  const chosen = useMemo(
    () => [...(location?.managers_data ?? []), ...(location?.campaign_managers_data ?? [])],
    [location?.managers_data, location?.campaign_managers_data],
  );
  const pickerProps = {
    control,
    users,
    chosen,
    readOnly,
    description: users ? undefined : 'You may remove users here; adding one needs permission to list users.',
    emptyText: 'Nobody',
    maxDropdownHeight: 280,
  };

  const [params, setParams] = useSearchParams();
  const tabs: LocationTab[] = [
    {
      value: 'managers',
      label: 'Managers',
      icon: <IconUsers size={16} aria-hidden />,
      panel: (
        <UserMultiSelect
          {...pickerProps}
          name="managers"
          label="Managers"
          clearLabel="Remove every one of the managers"
        />
      ),
    },
    {
      value: 'campaign-managers',
      label: 'Campaign managers',
      icon: <IconSpeakerphone size={16} aria-hidden />,
      panel: (
        <UserMultiSelect
          {...pickerProps}
          name="campaign_managers"
          label="Campaign managers"
          clearLabel="Remove every one of the campaign managers"
        />
      ),
    },
    ...extraTabs,
  ];
  const requested = params.get('tab');
  const tab = tabs.some((item) => item.value === requested) ? requested! : tabs[0]!.value;
  const setTab = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (!value || value === tabs[0]!.value) next.delete('tab');
    else next.set('tab', value);
    setParams(next, { replace: true });
  };

  return (
    <>
      <EditFormHeader
        noun="Location"
        name={location?.name}
        list={{ label: 'Locations', to: paths.locations }}
        formId={FORM_ID}
        readOnly={readOnly}
        saving={isSubmitting}
      >
        {location && canChange && <LocationStatusActions location={location} />}
      </EditFormHeader>
      <Stack gap="md">
        <form id={FORM_ID} onSubmit={submit} noValidate>
          <Stack gap="md">
            {location && (
              <Group gap="xs">
                <SysIdBadge value={location.sys_id} />
                {!location.is_active && <StatusBadge on={false}>Disabled</StatusBadge>}
                <StatusBadge
                  on={location.data_devices_count > 0 && location.data_devices_online === location.data_devices_count}
                >
                  {devicesOnlineLabel(location.data_devices_online, location.data_devices_count)}
                </StatusBadge>
              </Group>
            )}
            {readOnly && <ReadOnlyNotice what="this location" />}
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
                <Textarea
                  label="Address"
                  disabled={readOnly}
                  error={errors.address?.message}
                  rows={2}
                  style={{ gridColumn: '1 / -1' }}
                  autoComplete="off"
                  {...register('address')}
                />
              </SimpleGrid>
            </Paper>
            <LocationLoopFields
              control={control}
              register={register}
              errors={errors}
              readOnly={readOnly}
              isNew={!location}
            />
          </Stack>
        </form>
        {children}
        {/* Tabs as on the advertiser screen: above the card, with icons; each panel in its card. */}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            {tabs.map((item) => (
              <Tabs.Tab key={item.value} value={item.value} leftSection={item.icon}>
                {item.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((item) => (
            <Tabs.Panel key={item.value} value={item.value} pt="md">
              <Paper withBorder p="md" radius="md">
                {item.panel}
                {!location && (
                  <Text size="sm" c="dimmed" mt="md">
                    Devices and zones can be added once the location is saved.
                  </Text>
                )}
              </Paper>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </>
  );
}
