// Rows of GET /api/locations/availability/ for tests (and the compact answer the web reads them from), made by the contracts' own summaries from one
// stretch of room (so their figures and placement are what the server would give).
import type { AvailabilityRunsResponse } from '@marquee/contracts/availability';
import { minutesOf, placement, summarise, type AvailabilityRow, type Stretch } from '@marquee/contracts/inventory';

export type RoomRowOptions = {
  location?: number;
  location_name?: string;
  loop_seconds?: number;
  zone?: number;
  day: string;
  booked_s?: number;
  /** Held seconds, the placed campaign's included when `need` is given. */
  held_s?: number;
  /** The clip seconds of a campaign being placed: the row gets its placement. */
  need?: number;
  /** The stretch's times (HH:mm; an end of 24:00 is midnight). */
  start?: string;
  end?: string;
  /** No slot that day (a window outside the opening hours). */
  closed?: boolean;
};

export function roomRowFixture({
  location = 1,
  location_name = 'Central station',
  loop_seconds = 30,
  zone = 1,
  day,
  booked_s = 0,
  held_s = 0,
  need,
  start = '06:00',
  end = '24:00',
  closed = false,
}: RoomRowOptions): AvailabilityRow {
  const from = minutesOf(start);
  const to = minutesOf(end) <= from ? minutesOf(end) + 1440 : minutesOf(end);
  const stretches: Stretch[] = closed ? [] : [{ start: from, end: to, seconds: (to - from) * 60, booked_s, held_s }];
  return {
    location,
    location_name,
    loop_seconds,
    zone,
    day,
    ...summarise(stretches, loop_seconds),
    ...(need === undefined ? {} : { placement: placement(stretches, { loopSeconds: loop_seconds, need }) }),
  };
}

/** What the server answers for `rows` in the compact shape the web asks for (`shape=runs`): each row a
 * run of its one day, grouped by location and zone in the rows' order. */
export function availabilityAnswer(rows: readonly AvailabilityRow[]): AvailabilityRunsResponse {
  const locations: AvailabilityRunsResponse['locations'] = [];
  for (const { location, location_name, loop_seconds, zone, day, ...figures } of rows) {
    let site = locations.at(-1);
    if (site?.location !== location) {
      site = { location, location_name, loop_seconds, zones: [] };
      locations.push(site);
    }
    let runs = site.zones.at(-1);
    if (runs?.zone !== zone) {
      runs = { zone, runs: [] };
      site.zones.push(runs);
    }
    runs.runs.push({ from: day, to: day, ...figures });
  }
  return { locations };
}
