// Objects as the API returns them, for component tests; override what a test is about.
import type { AppConfig } from '@marquee/contracts/app-config';
import type { Campaign } from '@marquee/contracts/campaigns';
import type { User } from '@marquee/contracts/users';
import type { Detail } from '../lib/resources.ts';

export const userFixture = (extra: Partial<Detail<User>> = {}): Detail<User> => ({
  id: 7,
  username: 'jane',
  full_name: 'Jane Doe',
  email: '',
  is_active: true,
  roles: [],
  roles_data: [],
  require_activation: false,
  require_2fa: false,
  otp_enabled: false,
  is_activated: true,
  date_joined: '2026-01-01T10:00:00Z',
  last_login: null,
  image: null,
  locations: [],
  campaign_locations: [],
  advertisers: [],
  _permissions: [],
  ...extra,
});

/** GET /api/config/ with two age groups, both genders, four zones and the default loop and hours. */
export const configFixture = (extra: Partial<AppConfig> = {}): AppConfig => ({
  video_max_bytes: 1,
  image_max_bytes: 1,
  zones: [1, 2, 3, 4],
  time_zone: 'UTC',
  age_groups: [
    { id: 1, label: '18–24' },
    { id: 2, label: '25–34' },
  ],
  genders: [
    { value: 'm', label: 'Men' },
    { value: 'f', label: 'Women' },
  ],
  times: ['08:00', '20:00'],
  rejection_reasons: [{ id: 0, label: 'Other' }],
  loop_seconds: 60,
  opening_hours: { open_time: '06:00', close_time: '24:00' },
  raw_event_retention_days: 400,
  max_campaign_days: 1096,
  hold_days: 7,
  ...extra,
});

/** A campaign as the campaign lists and detail give it (an approved one with a window and audience). */
export const campaignRowFixture = (
  extra: Partial<Detail<Campaign & { _permissions?: string[] }>> = {},
): Detail<Campaign & { _permissions?: string[] }> => ({
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
  disabled_locations_data: [],
  videoclip_data: {
    id: 3,
    name: 'Snow clip',
    video_file: '/media/3.mp4',
    video_thumb: { url: '/t/3.jpg', preview: '/p/3.jpg' },
    duration: 15,
    advertiser: 1,
    is_active: true,
  },
  _permissions: ['view_campaign', 'change_campaign'],
  ...extra,
});
