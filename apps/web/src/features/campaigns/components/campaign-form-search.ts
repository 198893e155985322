// A new campaign's first values from the address of /campaign/add (what Find room's "Book" fills in):
// `locations` and `p_zones` as comma lists of ids, `start_date` and `end_date` (yyyy-MM-dd), a daily
// window `p_start_time`/`p_end_time` (HH:mm, both or neither) and `videoclip`. Values that do not read
// as such are left out: the form starts empty there.
import { OPEN_TIME_PATTERN } from '@marquee/contracts/inventory';
import { isCalendarDay } from '@marquee/contracts/common';
import { paths } from '../../../app/paths.ts';
import type { CampaignFormValues } from './campaign-form-values.ts';

export type CampaignPrefill = {
  locations?: readonly number[];
  p_zones?: readonly number[];
  start_date?: string;
  end_date?: string;
  p_start_time?: string | null;
  p_end_time?: string | null;
  videoclip?: number | null;
};

const ids = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);

/** /campaign/add with `prefill` in its query string. */
export function campaignAddPath(prefill: CampaignPrefill): string {
  const params = new URLSearchParams();
  const list = (name: string, values: readonly number[] | undefined) => {
    if (values?.length) params.set(name, [...new Set(values)].sort((a, b) => a - b).join(','));
  };
  list('locations', prefill.locations);
  list('p_zones', prefill.p_zones);
  if (prefill.start_date) params.set('start_date', prefill.start_date);
  if (prefill.end_date) params.set('end_date', prefill.end_date);
  if (prefill.p_start_time && prefill.p_end_time) {
    params.set('p_start_time', prefill.p_start_time);
    params.set('p_end_time', prefill.p_end_time);
  }
  if (prefill.videoclip) params.set('videoclip', String(prefill.videoclip));
  const search = params.toString();
  return search ? `${paths.campaignAdd}?${search}` : paths.campaignAdd;
}

/** The form values the query string of /campaign/add gives (without the clip's details). */
export function prefillOf(search: URLSearchParams): Partial<CampaignFormValues> {
  const values: Partial<CampaignFormValues> = {};
  const locations = ids(search.get('locations'));
  if (locations.length) values.locations = [...new Set(locations)];
  const zones = ids(search.get('p_zones'));
  if (zones.length) values.p_zones = [...new Set(zones)].sort((a, b) => a - b);
  const start = search.get('start_date');
  const end = search.get('end_date');
  if (start && isCalendarDay(start)) values.start_date = start;
  if (end && isCalendarDay(end)) values.end_date = end;
  const from = search.get('p_start_time');
  const until = search.get('p_end_time');
  if (from && until && OPEN_TIME_PATTERN.test(from) && OPEN_TIME_PATTERN.test(until)) {
    Object.assign(values, { p_times_on: true, p_start_time: from, p_end_time: until });
  }
  return values;
}

/** The clip the query string names, or undefined. */
export const prefillClipOf = (search: URLSearchParams): number | undefined => ids(search.get('videoclip'))[0];
