// Objects as the API returns them, for component tests; override what a test is about.
import type { AppConfig } from '@marquee/contracts/app-config';
import type { User } from '@marquee/contracts/users';
import type { Detail } from '../lib/resources.ts';

export const userFixture = (extra: Partial<Detail<User>> = {}): Detail<User> => ({
  id: 7,
  username: 'jane',
  full_name: 'Jane Doe',
  email: '',
  is_active: true,
  roles: [],
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
  ...extra,
});
