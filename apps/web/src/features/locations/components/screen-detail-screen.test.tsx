import { deviceCommandTexts, type DeviceCommand } from '@marquee/contracts/device-commands';
import type { UserInfo } from '@marquee/contracts/auth';
import type { ScreenHealth } from '@marquee/contracts/screens';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { userInfoQueryKey } from '../../../lib/current-user.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { deviceFixture } from './location-fixtures.ts';
import { ScreenDetailScreen, minutesText } from './screen-detail-screen.tsx';

afterEach(() => vi.restoreAllMocks());

const health = (extra: Partial<ScreenHealth> = {}): ScreenHealth => ({
  device: { ...deviceFixture(), id: 5, serial_number: 'CS-HALL-01', state: 'online', uptime_s: 3600 },
  uptime: [
    { days: 7, open_minutes: 5040, dark_minutes: 120, uptime_percent: 97.6 },
    { days: 30, open_minutes: 21600, dark_minutes: 120, uptime_percent: 99.4 },
  ],
  alerts: [
    {
      id: 9,
      kind: 'device_offline',
      started_at: '2026-12-01T10:00:00Z',
      ended_at: null,
      acknowledged_at: null,
    },
  ],
  plays_today: { plays: 3, expected: 240 },
  faults: [],
  as_of: '2026-12-02T12:00:00Z',
  _permissions: ['list_device'],
  ...extra,
});

function renderScreen(answer: ScreenHealth, commands: DeviceCommand[] = []) {
  const get = vi.spyOn(api, 'get').mockImplementation((path: string) => {
    if (path === '/api/devices/5/health/') return Promise.resolve(answer) as never;
    if (path === '/api/devices/5/commands/') return Promise.resolve({ results: commands }) as never;
    return Promise.reject(new Error(`unexpected ${path}`));
  });
  const view = renderWithProviders(<p>elsewhere</p>, {
    route: '/screen/5',
    routes: [{ path: '/screen/:id', element: <ScreenDetailScreen /> }],
  });
  return { ...view, get };
}

describe('ScreenDetailScreen', () => {
  it('shows the state, uptime, plays today against expected and the incidents', async () => {
    renderScreen(health());
    expect(await screen.findByRole('heading', { name: 'CS-HALL-01' })).toBeInTheDocument();
    expect(screen.getByText('97.6 % up')).toBeInTheDocument();
    expect(screen.getByText('2 h dark of 84 h open')).toBeInTheDocument();
    expect(screen.getByText('3 of 240 expected by now (1 %)')).toBeInTheDocument();
    const incidents = screen.getByRole('table', { name: 'Incidents' });
    expect(within(incidents).getByText('Screen offline')).toBeInTheDocument();
    expect(within(incidents).getByText('Going on')).toBeInTheDocument();
    expect(screen.queryByText(/Last known/)).toBeNull();
  });

  it('greys what an offline screen last told and says it is the last known', async () => {
    renderScreen(
      health({
        device: {
          ...deviceFixture(),
          id: 5,
          serial_number: 'CS-HALL-01',
          state: 'offline',
          last_status_date: '2026-12-01T09:00:00Z',
          last_status: 'playing',
        },
        alerts: [],
      }),
    );
    expect(await screen.findByText(/^Last known, reported/)).toBeInTheDocument();
    expect(screen.getByText('Player (last known)')).toBeInTheDocument();
    expect(screen.getByText('No incidents in the last 30 days.')).toBeInTheDocument();
  });

  it('shows what the player reports: screen state, plays waiting, drops, storage, clock and faults', async () => {
    renderScreen(
      health({
        device: {
          ...deviceFixture(),
          id: 5,
          serial_number: 'CS-HALL-01',
          state: 'online',
          screen_state: 'off_by_schedule',
          screen_on: false,
          queue_depth: 12,
          queue_since: new Date(Date.now() - 2 * 3_600_000).toISOString(),
          queue_depth_before: 8,
          plays_dropped: 4,
          storage_used_mb: 512,
          storage_quota_mb: 2048,
          clock_offset_ms: -850,
        },
        faults: [{ kind: 'stalled', count: 7, last_at: '2026-12-02T11:00:00Z' }],
      }),
    );
    expect(await screen.findByText('Off by schedule')).toBeInTheDocument();
    expect(screen.getByText('12 waiting').closest('[data-level]')).toHaveAttribute('data-level', 'old');
    expect(screen.getByText('growing (+4 since the last report)').closest('[data-trend]')).toHaveAttribute(
      'data-trend',
      'growing',
    );
    expect(screen.getByText('4')).toBeInTheDocument();
    expect(screen.getByText('850 ms behind')).toBeInTheDocument();
    expect(screen.getByText(/^512(\.0)? MB of 2(\.0)? GB$/)).toBeInTheDocument();
    const faults = screen.getByRole('table', { name: 'Faults' });
    expect(within(faults).getByText('Playback stalled')).toBeInTheDocument();
    expect(within(faults).getByText('7')).toBeInTheDocument();
    // Without view_device: no remote view (its picture and commands need it).
    expect(screen.queryByRole('heading', { name: 'Remote view' })).toBeNull();
  });

  it('shows the screenshot and command history to viewers, and the buttons only with change_device', async () => {
    const command: DeviceCommand = {
      id: 3,
      device: 5,
      kind: 'reload',
      issued_by: 1,
      issued_by_name: 'Mia Manager',
      issued_at: '2026-12-02T11:00:00Z',
      delivered_at: '2026-12-02T11:01:00Z',
      done_at: null,
    };
    const withShot = {
      ...deviceFixture(),
      id: 5,
      serial_number: 'CS-HALL-01',
      state: 'online' as const,
      screenshot_at: '2026-12-02T11:30:00Z',
    };
    const viewer = renderScreen(health({ device: withShot, _permissions: ['view_device'] }), [command]);
    expect(await screen.findByRole('heading', { name: 'Remote view' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Screenshot of CS-HALL-01, taken/ })).toHaveAttribute(
      'href',
      '/api/devices/5/screenshot/?at=2026-12-02T11%3A30%3A00Z',
    );
    const history = await screen.findByRole('table', { name: 'Commands' });
    expect(within(history).getByText('Mia Manager')).toBeInTheDocument();
    expect(within(history).getByText(/^Sent /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    viewer.unmount();
    vi.restoreAllMocks();

    renderScreen(health({ device: withShot, _permissions: ['view_device', 'change_device'] }));
    const post = vi.spyOn(api, 'post').mockResolvedValue({ ...command, delivered_at: null } as never);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(post).toHaveBeenCalledWith('/api/devices/5/commands/', { kind: 'reload' });
    // Clearing the cache asks first.
    await user.click(screen.getByRole('button', { name: 'Clear cache' }));
    expect(await screen.findByText(deviceCommandTexts.clearCacheConfirm)).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(1);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Clear cache' }));
    expect(post).toHaveBeenLastCalledWith('/api/devices/5/commands/', { kind: 'clear_cache' });
    expect(screen.getByText(deviceCommandTexts.noCommands)).toBeInTheDocument();
  });

  it('lists the rejected plays to statistics readers, with the reason', async () => {
    vi.spyOn(api, 'get').mockImplementation((path: string) => {
      if (path === '/api/devices/5/health/') return Promise.resolve(health()) as never;
      if (path === '/api/devices/5/rejected-plays/')
        return Promise.resolve({
          count: 1,
          next: null,
          previous: null,
          _permissions: [],
          results: [
            {
              id: 1,
              device: 5,
              device_serial: 'CS-HALL-01',
              location: 2,
              campaign: 77,
              batch_id: '7d444840-9dc0-11d1-b245-5ffdce74fad2',
              index: 3,
              play_id: null,
              event: { campaign: 77, zone: 1, started_at: '2026-12-01T10:00:00.000Z', duration_ms: 10000 },
              field: 'campaign',
              reason: "This campaign is not played at this device's location.",
              received_at: '2026-12-01T10:05:00Z',
            },
          ],
        }) as never;
      return Promise.reject(new Error(`unexpected ${path}`));
    });
    const rendered = renderWithProviders(<p>elsewhere</p>, {
      route: '/screen/5',
      routes: [{ path: '/screen/:id', element: <ScreenDetailScreen /> }],
    });
    rendered.queryClient.setQueryData(userInfoQueryKey, {
      id: 3,
      username: 'olga',
      full_name: '',
      time_zone: 'UTC',
      _permissions: ['list_device', 'list_eventstatistic'],
    } satisfies UserInfo);
    const table = await screen.findByRole('table', { name: 'Rejected plays' });
    expect(within(table).getByText("This campaign is not played at this device's location.")).toBeInTheDocument();
    expect(within(table).getByText('#77')).toBeInTheDocument();
  });

  it('writes minutes as hours and minutes', () => {
    expect(minutesText(45)).toBe('45 min');
    expect(minutesText(125)).toBe('2 h 5 min');
    expect(minutesText(120)).toBe('2 h');
  });
});
