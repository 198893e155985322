// Locations, devices and zones as the API returns them, for this feature's component tests.
import type { LocationDetail } from '@marquee/contracts/locations';
import type { Detail } from '../../../lib/resources.ts';
import type { DeviceRow } from '../api/get-location-devices.ts';
import type { ZoneRow } from '../api/get-location-zones.ts';

export const locationFixture = (extra: Partial<Detail<LocationDetail>> = {}): Detail<LocationDetail> => ({
  id: 4,
  sys_id: 'LOC-000004',
  name: 'Central Station',
  address: 'Main Square 1',
  is_active: true,
  images: [],
  image: null,
  data_devices_count: 0,
  data_devices_online: 0,
  zones: [1, 2, 3, 4],
  managers: [3],
  campaign_managers: [],
  managers_data: [{ id: 3, username: 'mia', full_name: 'Mia Manager' }],
  campaign_managers_data: [],
  loop_seconds: 60,
  open_time: '06:00',
  close_time: '24:00',
  venue_type: null,
  impressions_per_play: null,
  _permissions: ['view_location', 'change_location'],
  ...extra,
});

export const deviceFixture = (extra: Partial<DeviceRow> = {}): DeviceRow => ({
  id: 11,
  location: 4,
  location_name: 'Central Station',
  serial_number: 'SN-001',
  device_type: 'totem',
  zones: [1, 2],
  is_active: true,
  last_status: null,
  last_status_date: null,
  is_simulated: false,
  created_at: '2026-01-01T10:00:00Z',
  state: 'never',
  playlist_version: null,
  playlist_applied_at: null,
  screen_on: null,
  uptime_s: null,
  disk_free_mb: null,
  cpu_temp_c: null,
  app_version: null,
  screen_state: null,
  queue_depth: null,
  queue_since: null,
  queue_depth_before: null,
  plays_dropped: 0,
  storage_used_mb: null,
  storage_quota_mb: null,
  clock_offset_ms: null,
  faults_recent: 0,
  last_fault_at: null,
  screenshot_at: null,
  _permissions: ['view_device', 'change_device'],
  ...extra,
});

export const zoneFixture = (extra: Partial<ZoneRow> = {}): ZoneRow => ({
  id: 21,
  location: 4,
  location_name: 'Central Station',
  zone_number: 1,
  name: 'Entrance',
  image: null,
  _permissions: ['view_locationzone', 'change_locationzone'],
  ...extra,
});

export const page = <T>(results: T[], permissions: string[] = []) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
  _permissions: permissions,
});
