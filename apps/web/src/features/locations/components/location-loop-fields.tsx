// The loop fields of the location form: loop length, opening hours and venue type, with
// hints that say what the values mean (the share of a 10 s clip, hours past midnight or all day), and
// the audience multiplier the delivery reports model impressions with.
import { NumberInput, Paper, Select, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { IMPRESSIONS_PER_PLAY_MAX } from '@marquee/contracts/availability';
import { LOOP_SECONDS_MAX, LOOP_SECONDS_MIN } from '@marquee/contracts/inventory';
import { venueTypeSelectData } from '@marquee/contracts/venue-types';
import { useId } from 'react';
import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { LocationInput } from '@marquee/contracts/locations';
import type { LocationFormValues } from './location-form-values.ts';
import { openingHoursHint, shareOfVoiceHint } from './location-labels.ts';

/** The clip length the hint speaks of: the common 10-second slot. */
const HINT_CLIP_S = 10;

const venueTypeData = venueTypeSelectData();

export const impressionsPerPlayHint =
  'The network’s audience multiplier: modelled impressions per play where screens count no viewers, e.g. 52,000 daily impressions ÷ 10,800 plays ≈ 4.8.';

type Props = {
  control: Control<LocationFormValues, unknown, LocationInput>;
  register: UseFormRegister<LocationFormValues>;
  errors: FieldErrors<LocationFormValues>;
  readOnly: boolean;
  /** A new location: empty fields take the server's defaults. */
  isNew: boolean;
};

export function LocationLoopFields({ control, register, errors, readOnly, isNew }: Props) {
  const defaultText = isNew ? 'Network default' : undefined;
  const [loopSeconds, openTime, closeTime] = useWatch({ control, name: ['loop_seconds', 'open_time', 'close_time'] });
  const headingId = useId();
  const sovHint = typeof loopSeconds === 'number' ? shareOfVoiceHint(HINT_CLIP_S, loopSeconds) : null;
  const hoursHint = openingHoursHint(openTime, closeTime);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        Loop, hours and audience
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={control}
          name="loop_seconds"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Loop length (s)"
              description={sovHint ?? `${LOOP_SECONDS_MIN} to ${LOOP_SECONDS_MAX} seconds.`}
              min={LOOP_SECONDS_MIN}
              max={LOOP_SECONDS_MAX}
              step={5}
              placeholder={defaultText}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              disabled={readOnly}
              error={fieldState.error?.message}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
            />
          )}
        />
        <Controller
          control={control}
          name="venue_type"
          render={({ field, fieldState }) => (
            <Select
              label="Venue type"
              description="OpenOOH venue taxonomy, as programmatic buyers see it."
              placeholder="None"
              data={venueTypeData}
              searchable
              clearable
              // Mantine keeps its clear button out of the tab order and from screen readers.
              clearButtonProps={{ tabIndex: 0, 'aria-hidden': false, 'aria-label': 'Clear the venue type' }}
              nothingFoundMessage="No venue type matches."
              maxDropdownHeight={280}
              // Mantine keeps a closed dropdown's ~200 options in the page (hidden): mount them only when open.
              comboboxProps={{ width: 'target', keepMounted: false }}
              disabled={readOnly}
              error={fieldState.error?.message}
              value={field.value === null ? null : String(field.value)}
              onChange={(next) => field.onChange(next === null ? null : Number(next))}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
            />
          )}
        />
        <TextInput
          label="Opens"
          description="HH:mm, in the server’s time zone."
          placeholder={defaultText ?? 'HH:mm'}
          inputMode="numeric"
          maxLength={5}
          autoComplete="off"
          disabled={readOnly}
          error={errors.open_time?.message}
          {...register('open_time')}
        />
        <TextInput
          label="Closes"
          description="HH:mm; 24:00 for midnight."
          placeholder={defaultText ?? 'HH:mm'}
          inputMode="numeric"
          maxLength={5}
          autoComplete="off"
          disabled={readOnly}
          error={errors.close_time?.message}
          {...register('close_time')}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="sm" aria-live="polite" data-testid="opening-hours-hint">
        {hoursHint ??
          (isNew && !openTime && !closeTime
            ? 'Empty loop length and opening hours take the network’s defaults.'
            : 'Enter both times as HH:mm.')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
        <Controller
          control={control}
          name="impressions_per_play"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Impressions per play"
              description={impressionsPerPlayHint}
              placeholder="None"
              min={0}
              max={IMPRESSIONS_PER_PLAY_MAX}
              step={0.1}
              decimalScale={2}
              allowNegative={false}
              clampBehavior="none"
              disabled={readOnly}
              error={fieldState.error?.message}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
            />
          )}
        />
      </SimpleGrid>
    </Paper>
  );
}
