// Summaries of a location's loop inventory (issue 14): the availability API's rows, how full a
// calendar day is, and the level a fill shows as. Built from `inventory`'s zones (inventory.ts, which
// re-exports these).
import type { InventoryFigures, InventoryHour, InventoryLocation, InventoryZone, InventoryDay } from './inventory.ts';

/** A row of `GET /api/locations/availability/`: one location, zone and day (hours with `by_hour`). */
export type AvailabilityRow = InventoryFigures & {
  location: number;
  location_name: string;
  loop_seconds: number;
  zone: number;
  day: string;
  min_free_s: number;
  hours?: InventoryHour[];
};

/** A location's inventory as the availability API's rows (hours only when asked for). */
export function availabilityRows(
  location: Pick<InventoryLocation, 'id' | 'name' | 'loop_seconds'>,
  zones: readonly InventoryZone[],
  byHour: boolean,
): AvailabilityRow[] {
  return zones.flatMap(({ zone, days }) =>
    days.map((day): AvailabilityRow => {
      const row: AvailabilityRow = {
        location: location.id,
        location_name: location.name,
        loop_seconds: location.loop_seconds,
        zone,
        day: day.day,
        capacity_s: day.capacity_s,
        booked_s: day.booked_s,
        held_s: day.held_s,
        free_s: day.free_s,
        min_free_s: day.min_free_s,
      };
      if (byHour) row.hours = day.hours;
      return row;
    }),
  );
}

/** How full a calendar day is at a location: the fullest zone's booked and held shares of its loop in
 * its tightest hour (0–1, above 1 when overbooked). */
export type DayFill = { fill: number; held: number };

/** Per day, the fill of the fullest zone (least free; more booked first among equals). */
export function dayFills(zones: readonly InventoryZone[]): Record<string, DayFill> {
  const fills: Record<string, DayFill> = {};
  const best: Record<string, InventoryDay> = {};
  for (const { days } of zones) {
    for (const day of days) {
      const current = best[day.day];
      if (
        !current ||
        day.free_s < current.free_s ||
        (day.free_s === current.free_s && day.booked_s > current.booked_s)
      ) {
        best[day.day] = day;
      }
    }
  }
  for (const [day, figures] of Object.entries(best)) {
    fills[day] = figures.capacity_s
      ? { fill: figures.booked_s / figures.capacity_s, held: figures.held_s / figures.capacity_s }
      : { fill: 0, held: 0 };
  }
  return fills;
}

/** Where a fill stands on the calendar's scale: under 80 % free to sell, up to 100 % nearly full,
 * above 100 % overbooked. */
export function fillLevel(fill: number): 'open' | 'tight' | 'over' {
  if (fill > 1) return 'over';
  return fill >= 0.8 ? 'tight' : 'open';
}
