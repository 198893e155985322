// The campaign form's test data: the configuration, locations and campaigns as the API returns them,
// the room a location has left, and a refused save. Shared by the form's test files.
import type { NoRoomError } from '@marquee/contracts/availability';
import type { Campaign } from '@marquee/contracts/campaigns';
import { inventoryTexts, type AvailabilityRow, type ConflictRange } from '@marquee/contracts/inventory';
import type { Location } from '@marquee/contracts/locations';
import type { Detail } from '../../../lib/resources.ts';
import { roomRowFixture } from '../../../test/availability-fixtures.ts';
import { configFixture } from '../../../test/fixtures.ts';

export const config = configFixture({
  zones: [1, 2, 3],
  times: ['08:00', '12:00', '18:00'],
  rejection_reasons: [
    { id: 0, label: 'Other' },
    { id: 1, label: 'Inappropriate content' },
  ],
});

export const location = (id: number, name: string, devices: number, zones = [1, 2, 3, 4]): Location => ({
  id,
  sys_id: `LOC-${id}`,
  name,
  address: '',
  is_active: true,
  images: [],
  image: null,
  data_devices_count: devices,
  data_devices_online: devices,
  zones,
  managers: [],
  campaign_managers: [],
  loop_seconds: 60,
  open_time: '06:00',
  close_time: '24:00',
  venue_type: null,
  impressions_per_play: null,
});

export const locations = [location(1, 'Central station', 2), location(2, 'Empty hall', 0)];

export const campaignFixture = (extra: Partial<Detail<Campaign>> = {}): Detail<Campaign> => ({
  id: 9,
  sys_id: 'CMP-000009',
  name: 'Summer sale',
  videoclip: 5,
  videoclip_id: 5,
  start_date: '2026-01-10',
  end_date: '2026-01-20',
  state: 1,
  locations: [1],
  p_zones: [1],
  p_zones_overlay: [],
  ordering: 2,
  p_times_on: false,
  p_start_time: null,
  p_end_time: null,
  p_gender_on: false,
  p_gender: null,
  p_age_on: false,
  p_age: null,
  rejection_reason: null,
  comments: '',
  created_by: 1,
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-01T10:00:00Z',
  author: null,
  submitted_at: null,
  disabled_locations_data: [],
  goal_type: null,
  goal_value: null,
  _permissions: ['view_campaign', 'change_campaign'],
  ...extra,
});

/** A day and zone at Central station (30 s loop) where the booked campaigns leave `free` seconds, as
 * the panel asks for it: with the form's 10 s clip counted as held and placed. */
export const roomRow = (day: string, zone: number, free: number): AvailabilityRow =>
  roomRowFixture({ day, zone, booked_s: 30 - free, held_s: 10, need: 10 });

export const clip = {
  id: 5,
  name: 'Spot',
  video_file: '/v.mp4',
  video_thumb: { url: '/t.jpg', preview: '/p.jpg' },
  duration: 10,
  advertiser: 1,
  is_active: true,
};

/** A campaign of one future day at Central station with a 10 s clip, so the room panel asks. */
export const futureCampaign = (extra: Partial<Detail<Campaign>> = {}) =>
  campaignFixture({ start_date: '2099-12-01', end_date: '2099-12-01', videoclip_data: clip, ...extra });

const refusedRange: ConflictRange = {
  location: 1,
  location_name: 'Central station',
  zone: 1,
  from_day: '2099-12-01',
  to_day: '2099-12-01',
  days: 1,
  start: '06:00',
  end: '24:00',
  next_day: false,
  room_s: 0,
  need_s: 10,
  capacity_s: 30,
  booked_s: 30,
  held_s: 10,
  free_s: 0,
  over_s: 10,
};

export const refusal: NoRoomError = {
  non_field_errors: [inventoryTexts.noRoom(refusedRange)],
  conflicts: [refusedRange],
  conflict_count: 1,
  conflict_ranges: 1,
};
