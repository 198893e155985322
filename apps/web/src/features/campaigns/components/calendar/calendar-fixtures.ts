// Calendar rows, campaigns, zones and the signed-in user as the API returns them, for the calendar
// screens' tests.
import type { CalendarRow } from '@marquee/contracts/campaigns';
import type { UserInfo } from '@marquee/contracts/auth';
import type { LocationZone } from '@marquee/contracts/locations';
import type { Detail } from '../../../../lib/resources.ts';
import type { CampaignRow } from '../../api/campaigns.ts';

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

export const campaignRowFixture = (extra: Partial<Detail<CampaignRow>> = {}): Detail<CampaignRow> => ({
  id: 5,
  sys_id: 'CMP-000005',
  name: 'Winter sale',
  goal_type: null,
  goal_value: null,
  videoclip: 3,
  videoclip_id: 3,
  start_date: '2026-11-20',
  end_date: '2026-12-24',
  state: 1,
  locations: [4],
  p_zones: [1, 2],
  p_zones_overlay: [2],
  ordering: 0,
  p_times_on: true,
  p_start_time: '08:00',
  p_end_time: '12:00',
  p_gender_on: true,
  p_gender: 'f',
  p_age_on: true,
  p_age: [2],
  rejection_reason: null,
  comments: '',
  created_by: 1,
  created_at: '2026-11-01T08:00:00Z',
  updated_at: '2026-11-02T09:30:00Z',
  author: null,
  submitted_at: null,
  videoclip_data: {
    id: 3,
    name: 'Snow clip',
    video_file: '/media/3.mp4',
    video_thumb: { url: '/t/3.jpg', preview: '/p/3.jpg' },
    duration: 15,
    advertiser: 1,
  },
  _permissions: ['view_campaign', 'change_campaign'],
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
