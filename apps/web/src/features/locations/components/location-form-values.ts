// The location form's values: what the fields hold, and the schema that turns them into what is saved.
import type { AppConfig } from '@marquee/contracts/app-config';
import { locationInput, type LocationDetail, type LocationInput } from '@marquee/contracts/locations';
import { inventoryTexts } from '@marquee/contracts/inventory';
import { locationLoopInput } from '@marquee/contracts/availability';
import { z } from 'zod';
import { normaliseTime } from './location-labels.ts';

export type LocationFormValues = {
  name: string;
  address: string;
  managers: number[];
  campaign_managers: number[];
  /** An emptied NumberInput holds ''. */
  loop_seconds: number | string;
  open_time: string;
  close_time: string;
  venue_type: number | null;
  /** An emptied NumberInput holds '': no multiplier (null). */
  impressions_per_play: number | string;
};

const time = (rule: z.ZodString) => z.string().transform(normaliseTime).pipe(rule);
const loopSeconds = z
  .number({ error: inventoryTexts.invalidLoopSeconds })
  .pipe(locationLoopInput.loop_seconds.unwrap());
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
// An empty multiplier is sent as null: "not known", which the server stores (not a default).
const impressionsPerPlay = z.preprocess(
  (value) => (value === '' ? null : value),
  locationLoopInput.impressions_per_play.unwrap(),
);

// Every field is on the form, so every field is sent; an empty loop length says what is wanted, not
// "expected number". Booking over capacity is not a field: the form asks for it after a refusal.
const savedSchema = locationInput
  .omit({ override_capacity: true })
  .required()
  .extend({
    loop_seconds: loopSeconds,
    open_time: time(locationLoopInput.open_time.unwrap()),
    close_time: time(locationLoopInput.close_time.unwrap()),
    impressions_per_play: impressionsPerPlay,
  });

// A new location's loop fields start as the server's settings (LOOP_SECONDS, OPENING_HOURS, from the
// configuration); left empty (cleared, or the configuration could not be loaded) the server fills them.
const newSchema = savedSchema.extend({
  loop_seconds: z.preprocess(blankToUndefined, loopSeconds.optional()),
  open_time: z.preprocess(blankToUndefined, time(locationLoopInput.open_time.unwrap()).optional()),
  close_time: z.preprocess(blankToUndefined, time(locationLoopInput.close_time.unwrap()).optional()),
});

type Schema = z.ZodType<LocationInput, LocationFormValues>;
export const locationFormSchema = (isNew: boolean): Schema => (isNew ? newSchema : savedSchema) as unknown as Schema;

const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

export const valuesOf = (location: LocationDetail | undefined): LocationFormValues => ({
  name: location?.name ?? '',
  address: location?.address ?? '',
  managers: sorted(location?.managers ?? []),
  campaign_managers: sorted(location?.campaign_managers ?? []),
  loop_seconds: location?.loop_seconds ?? '',
  open_time: location?.open_time ?? '',
  close_time: location?.close_time ?? '',
  venue_type: location?.venue_type ?? null,
  impressions_per_play: location?.impressions_per_play ?? '',
});

/** A new location's values: the network's loop length and opening hours once the configuration is known. */
export const newLocationValues = (
  config: Pick<AppConfig, 'loop_seconds' | 'opening_hours'> | undefined,
): LocationFormValues => ({
  ...valuesOf(undefined),
  ...(config && {
    loop_seconds: config.loop_seconds,
    open_time: config.opening_hours.open_time,
    close_time: config.opening_hours.close_time,
  }),
});

export const LOCATION_FORM_FIELDS = [
  'name',
  'address',
  'managers',
  'campaign_managers',
  'loop_seconds',
  'open_time',
  'close_time',
  'venue_type',
  'impressions_per_play',
] as const;
