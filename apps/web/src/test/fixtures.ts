// Objects as the API returns them, for component tests; override what a test is about.
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
