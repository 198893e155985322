// Calendar rows, campaigns, zones and the signed-in user as the API returns them, for the calendar
// screens' tests.
import type { CalendarRow } from '@marquee/contracts/campaigns';
import type { UserInfo } from '@marquee/contracts/auth';
import type { LocationZone } from '@marquee/contracts/locations';
export { campaignRowFixture } from '../../../../test/fixtures.ts';

export const meFixture = (permissions: string[]): UserInfo => ({
  id: 1,
  username: 'admin',
  full_name: 'Admin',
  time_zone: 'UTC',
  _permissions: permissions,
});

export const calendarRowFixture = (extra: Partial<CalendarRow> = {}): CalendarRow => ({
  id: 4,
  name: 'Mall North',
  sys_id: 'LOC-000004',
  days: {},
  fill: {},
  ...extra,
});

export const zoneFixture = (extra: Partial<LocationZone> = {}): LocationZone => ({
  id: 21,
  location: 4,
  location_name: 'Mall North',
  zone_number: 1,
  name: 'Entrance',
  image: null,
  ...extra,
});

export const page = <T>(results: T[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
  _permissions: [],
});
