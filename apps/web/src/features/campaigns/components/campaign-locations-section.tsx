// The campaign form's "Locations and dates": the locations it plays at (only those with devices can
// be chosen) and its first and last day. The start waits for a location, starts today at the
// earliest (in the configured time zone), and an empty end follows it; the end's picker stops at the
// longest run (MAX_CAMPAIGN_DAYS), which the form's rules also refuse beyond.
import { MultiSelect, Paper, SimpleGrid, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { CampaignInput } from '@marquee/contracts/campaigns';
import { LAST_DAY } from '@marquee/contracts/common';
import { addDays } from '@marquee/contracts/inventory';
import type { Location } from '@marquee/contracts/locations';
import { useMemo, type KeyboardEvent } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { DATE_FORMAT } from '../../../lib/format.ts';
import { FieldLabel, readOnlyProps, SectionTitle } from './campaign-form-label.tsx';
import type { CampaignFormValues } from './campaign-form-values.ts';

type LocationOption = { value: string; label: string; disabled?: boolean };

/** Enter in a date field must not submit the form (the browser's implicit submission): a typed day
 * is taken as it is typed, and the picker stays for choosing one. */
const keepEnterInDateField = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

/** The last end day the picker offers: the longest run from the start, and never past LAST_DAY. */
const lastEnd = (start: string | null | undefined, maxDays: number) => {
  const last = start ? addDays(start, maxDays - 1) : LAST_DAY;
  return last < LAST_DAY ? last : LAST_DAY;
};

export type NamedLocation = { id: number; name: string };

/** Locations without devices show but cannot be chosen; chosen ids the list lacks still show (by name
 * when `others` knows it, else by id) so that nothing is lost. */
export function locationOptions(
  locations: readonly Location[],
  chosen: readonly number[],
  others: readonly NamedLocation[] = [],
): LocationOption[] {
  const options: LocationOption[] = locations.map((location) =>
    location.data_devices_count > 0
      ? { value: String(location.id), label: location.name }
      : { value: String(location.id), label: `${location.name} (no devices)`, disabled: true },
  );
  const missing = chosen
    .filter((id) => !locations.some((location) => location.id === id))
    .map((id) => ({ value: String(id), label: others.find((other) => other.id === id)?.name ?? `Location ${id}` }));
  return [...options, ...missing];
}

export type CampaignLocationsSectionProps = {
  /** The locations the user may send campaigns to; undefined while they load. */
  locations: Location[] | undefined;
  /** Names of other locations, for chosen ones the user may not send to. */
  otherLocations?: NamedLocation[];
  readOnly: boolean;
  /** The earliest start day (yyyy-MM-dd). */
  minStart: string;
  /** The longest run in days, both ends counted (MAX_CAMPAIGN_DAYS). */
  maxDays: number;
};

export function CampaignLocationsSection({
  locations,
  otherLocations,
  readOnly,
  minStart,
  maxDays,
}: CampaignLocationsSectionProps) {
  const { control, getValues, setValue, formState } = useFormContext<CampaignFormValues, unknown, CampaignInput>();
  const [ids, startDay] = useWatch({ control, name: ['locations', 'start_date'] });
  const options = useMemo(
    () => locationOptions(locations ?? [], ids, otherLocations),
    [locations, ids, otherLocations],
  );
  const noLocation = ids.length === 0;

  return (
    <Paper withBorder p="md" radius="md">
      <SectionTitle title="Locations and dates" fields={['locations', 'start_date', 'end_date']} />
      <Stack gap="md">
        <Controller
          control={control}
          name="locations"
          render={({ field, fieldState }) => (
            <MultiSelect
              label={<FieldLabel field="locations" text="Locations" />}
              description={readOnly ? undefined : 'Locations without devices cannot be chosen.'}
              data={options}
              value={field.value.map(String)}
              onChange={(next) => field.onChange(next.map(Number))}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              error={fieldState.error?.message}
              {...readOnlyProps(readOnly)}
              disabled={!readOnly && locations === undefined}
              placeholder={field.value.length ? undefined : 'Choose locations'}
              nothingFoundMessage="No such location"
              searchable
              clearable={!readOnly}
              limit={100}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Controller
            control={control}
            name="start_date"
            render={({ field, fieldState }) => (
              <DateInput
                label={<FieldLabel field="start_date" text="Start date" />}
                description={!readOnly && noLocation ? 'Choose a location first.' : undefined}
                valueFormat={DATE_FORMAT}
                placeholder={DATE_FORMAT}
                minDate={minStart}
                maxDate={LAST_DAY}
                value={field.value}
                onChange={(day) => {
                  field.onChange(day);
                  if (day && !getValues('end_date')) {
                    setValue('end_date', day, { shouldDirty: true, shouldValidate: formState.isSubmitted });
                  }
                }}
                onBlur={field.onBlur}
                onKeyDown={keepEnterInDateField}
                ref={field.ref}
                name={field.name}
                error={fieldState.error?.message}
                {...readOnlyProps(readOnly)}
                disabled={!readOnly && noLocation}
              />
            )}
          />
          <Controller
            control={control}
            name="end_date"
            render={({ field, fieldState }) => (
              <DateInput
                label={<FieldLabel field="end_date" text="End date" />}
                valueFormat={DATE_FORMAT}
                placeholder={DATE_FORMAT}
                minDate={startDay && startDay > minStart ? startDay : minStart}
                maxDate={lastEnd(startDay, maxDays)}
                value={field.value}
                // Cleared, it follows the start again.
                onChange={(day) => field.onChange(day ?? getValues('start_date'))}
                onBlur={field.onBlur}
                onKeyDown={keepEnterInDateField}
                ref={field.ref}
                name={field.name}
                error={fieldState.error?.message}
                {...readOnlyProps(readOnly)}
                clearable={!readOnly}
                clearButtonProps={{ 'aria-label': 'Set the end date to the start date' }}
              />
            )}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
