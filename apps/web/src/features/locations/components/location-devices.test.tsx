import { OFFLINE_STATUS } from '@marquee/contracts/device-gateway';
import { deviceTexts, type DeviceDisableImpact, type DeviceRegistered } from '@marquee/contracts/locations';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { setDisplayTimeZone } from '../../../lib/format.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { deviceFixture, page } from './location-fixtures.ts';
import { LocationDevices } from './location-devices.tsx';

/** The health state a badge shows (its words sit in an inner label). */
const badgeState = (label: HTMLElement) => label.closest('[data-state]')?.getAttribute('data-state');

const TOKEN = 'dev_5e3f0c9a1b2d4e6f8a7b9c0d1e2f3a4b';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  setDisplayTimeZone(undefined);
});

const NOTHING_BOOKED: DeviceDisableImpact = { locations: [] };

/** The location's devices; what disabling takes (`impact`) for the confirm. */
function mockDevices(rows = [deviceFixture()], permissions = ['add_device', 'change_device'], impact = NOTHING_BOOKED) {
  return vi
    .spyOn(api, 'get')
    .mockImplementation((path: string) =>
      Promise.resolve(path === '/api/devices/disable-impact/' ? impact : page(rows, permissions)),
    );
}

describe('LocationDevices', () => {
  it('shows the screen state (off by schedule too) and the latest screenshot of each device', async () => {
    setDisplayTimeZone('UTC');
    mockDevices([
      deviceFixture({
        state: 'online',
        screen_state: 'off_by_schedule',
        screen_on: false,
        screenshot_at: '2026-03-01T10:00:00Z',
      }),
      deviceFixture({ id: 12, serial_number: 'SN-002', state: 'online', screen_on: true }),
    ]);
    renderWithProviders(<LocationDevices locationId={4} />);
    const table = await screen.findByRole('table', { name: 'Devices' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('cell', { name: 'Off by schedule' })).toBeInTheDocument();
    expect(
      within(first!).getByRole('link', {
        name: 'Screenshot of SN-001, taken 2026-03-01 10:00:00 (opens in a new tab)',
      }),
    ).toHaveAttribute('href', '/api/devices/11/screenshot/?at=2026-03-01T10%3A00%3A00Z');
    expect(within(second!).getByText('On')).toBeInTheDocument();
    expect(within(second!).getByText('No screenshot')).toBeInTheDocument();
  });

  it('lists the devices with their type, health state, enabled state and last report, "Never" before the first one', async () => {
    setDisplayTimeZone('Europe/Warsaw');
    const get = mockDevices([
      deviceFixture(),
      deviceFixture({
        id: 12,
        serial_number: 'SN-002',
        device_type: 'videowall',
        is_active: false,
        last_status: 'playing',
        last_status_date: '2026-03-01T10:00:00Z',
        state: 'online',
      }),
      deviceFixture({
        id: 13,
        serial_number: 'SN-003',
        is_simulated: true,
        last_status: OFFLINE_STATUS,
        last_status_date: '2026-03-01T09:00:00Z',
        state: 'offline',
      }),
    ]);
    renderWithProviders(<LocationDevices locationId={4} />);
    const table = await screen.findByRole('table', { name: 'Devices' });
    expect(get.mock.calls[0]?.[0]).toBe('/api/locations/4/data_devices/');
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(within(first!).getByText('SN-001')).toBeInTheDocument();
    expect(within(first!).getByText('Totem')).toBeInTheDocument();
    expect(within(first!).getByText('Never')).toBeInTheDocument();
    expect(badgeState(within(first!).getByText('Never reported'))).toBe('never');
    expect(within(first!).getByText('Active')).toBeInTheDocument();
    expect(within(second!).getByText('Video wall')).toBeInTheDocument();
    expect(within(second!).getByText(/^playing · .+ ago$/)).toBeInTheDocument();
    expect(badgeState(within(second!).getByText('Online'))).toBe('online');
    expect(within(second!).getByText('Disabled')).toBeInTheDocument();
    // The server's sweep marks a silent device offline.
    expect(badgeState(within(third!).getByText('Offline'))).toBe('offline');
    // Devices of `npm run simulate` say so; real ones do not.
    expect(within(third!).getByText('Simulated')).toBeInTheDocument();
    expect(within(first!).queryByText('Simulated')).toBeNull();
    // In the configured time zone: 10:00 UTC is 11:00 in Warsaw in March.
    expect(second).toHaveTextContent('2026-03-01 11:00:00');
    expect(within(second!).getByRole('button', { name: 'Enable device SN-002' })).toBeInTheDocument();
  });

  it("shows each device's facts: age of its last report, the playlist it applied, screen on or off, app, uptime, disk and temperature", async () => {
    setDisplayTimeZone('UTC');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:07:30Z'));
    mockDevices([
      deviceFixture({
        last_status: 'ok',
        last_status_date: '2026-03-01T10:05:00Z',
        state: 'stale',
        playlist_version: '3f9a0c1b2d4e6f8a7b9c',
        playlist_applied_at: '2026-03-01T08:00:00Z',
        screen_on: true,
        uptime_s: 3 * 86_400 + 4 * 3600 + 59,
        disk_free_mb: 12_595,
        cpu_temp_c: 48.25,
        app_version: 'marquee-player/2.4.1',
      }),
      deviceFixture({
        id: 12,
        serial_number: 'SN-002',
        state: 'screen_off',
        screen_on: false,
        last_status_date: '2026-03-01T10:07:00Z',
      }),
    ]);
    renderWithProviders(<LocationDevices locationId={4} />);
    const table = await screen.findByRole('table', { name: 'Devices' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(badgeState(within(first!).getByText('Stale playlist'))).toBe('stale');
    expect(within(first!).getByText('ok · 2 min ago')).toBeInTheDocument();
    expect(first).toHaveTextContent('2026-03-01 08:00:00');
    // The version is a content hash: its first characters, the whole one on hover.
    expect(within(first!).getByText('3f9a0c1b')).toBeInTheDocument();
    expect(within(first!).getByTitle('Playlist version 3f9a0c1b2d4e6f8a7b9c')).toBeInTheDocument();
    expect(within(first!).getByRole('cell', { name: 'On' })).toBeInTheDocument();
    expect(within(first!).getByTestId('player-facts')).toHaveTextContent(
      'Totem · App marquee-player/2.4.1 · Up 3 d 4 h · 12.3 GB free · CPU 48.3 °C',
    );
    expect(badgeState(within(second!).getByText('Screen off'))).toBe('screen_off');
    expect(within(second!).getByRole('cell', { name: 'Off' })).toBeInTheDocument();
    expect(within(second!).getByText('under 1 min ago')).toBeInTheDocument();
    // Nothing reported: the type alone under the serial, a dash for the playlist.
    expect(within(second!).getByTestId('player-facts')).toHaveTextContent(/^Totem$/);
    expect(within(second!).getAllByText('—').length).toBeGreaterThan(0);
    vi.useRealTimers();
  });

  it("marks an offline device's facts as the last known (italics, a tooltip, words for screen readers), a reporting one's not", async () => {
    setDisplayTimeZone('UTC');
    const facts = {
      last_status: 'ok',
      last_status_date: '2026-03-01T09:00:00Z',
      playlist_version: '3f9a0c1b2d4e6f8a7b9c',
      playlist_applied_at: '2026-03-01T08:00:00Z',
      screen_on: true,
      uptime_s: 5 * 3600 + 12 * 60,
      disk_free_mb: 512,
      cpu_temp_c: 51.4,
      app_version: 'marquee-player/2.4.1',
    };
    mockDevices([
      deviceFixture({ ...facts, state: 'offline' }),
      deviceFixture({ ...facts, id: 12, serial_number: 'SN-002', state: 'online' }),
    ]);
    renderWithProviders(<LocationDevices locationId={4} />);
    const table = await screen.findByRole('table', { name: 'Devices' });
    const [, offline, online] = within(table).getAllByRole('row');
    const lastKnownMark = (element: HTMLElement) => element.closest<HTMLElement>('[title^="Last known"]');
    const when = 'Last known, reported 2026-03-01 09:00:00: the screen is not reporting now.';

    // The type is no report: only the player's facts after it are marked.
    expect(within(offline!).getByTestId('player-facts')).toHaveTextContent(
      'Totem · App marquee-player/2.4.1 · Up 5 h 12 min · 512.0 MB free · CPU 51.4 °C (last known)',
    );
    for (const fact of ['Up 5 h 12 min', 'CPU 51.4 °C', 'App marquee-player/2.4.1']) {
      const mark = lastKnownMark(within(offline!).getByText(fact));
      expect(mark).toHaveStyle({ fontStyle: 'italic' });
      expect(mark).toHaveAttribute('title', when);
    }
    expect(lastKnownMark(within(offline!).getByText('Totem'))).toBeNull();
    expect(within(offline!).getByRole('cell', { name: 'On (last known)' })).toBeInTheDocument();
    expect(lastKnownMark(within(offline!).getByText('3f9a0c1b'))).toHaveAttribute('title', when);

    expect(within(online!).getByTestId('player-facts')).toHaveTextContent(
      /^Totem · App marquee-player\/2\.4\.1 · Up 5 h 12 min · 512\.0 MB free · CPU 51\.4 °C$/,
    );
    expect(lastKnownMark(within(online!).getByText('CPU 51.4 °C'))).toBeNull();
    expect(within(online!).getByRole('cell', { name: 'On' })).toBeInTheDocument();
    expect(within(online!).queryByTitle(/^Last known/)).toBeNull();
  });

  it('registers a device and shows its token once, with a copy button and a warning', async () => {
    mockDevices([]);
    const registered: DeviceRegistered = { ...deviceFixture({ id: 30, serial_number: 'SN-NEW' }), token: TOKEN };
    const post = vi.spyOn(api, 'post').mockResolvedValue(registered);
    const { user } = renderWithProviders(<LocationDevices locationId={4} />);
    expect(await screen.findByText('No devices are registered on this location.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Register device' }));
    let dialog = await screen.findByRole('dialog', { name: 'Register device' });
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a device type.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: 'Serial number' }), 'SN-NEW');
    await user.click(within(dialog).getByRole('combobox', { name: 'Device type' }));
    await user.click(await screen.findByRole('option', { name: 'Totem', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/api/devices/',
        { location: 4, serial_number: 'SN-NEW', device_type: 'totem' },
        { formErrors: true },
      ),
    );

    dialog = await screen.findByRole('dialog', { name: 'Device registered' });
    expect(within(dialog).getByText(TOKEN)).toBeInTheDocument();
    expect(within(dialog).getByText(/will not be shown again/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Device registered' })).toBeNull());
    expect(screen.queryByText(TOKEN)).toBeNull();
  });

  it('disables a device after confirmation', async () => {
    mockDevices();
    const post = vi.spyOn(api, 'post').mockResolvedValue(undefined);
    const { user } = renderWithProviders(<LocationDevices locationId={4} />);
    await user.click(await screen.findByRole('button', { name: 'Disable device SN-001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable device' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/devices/11/deactivate/'));
  });

  it("names the booked campaigns at the device's location in the confirm, and when no other screen plays them", async () => {
    const campaigns = ['Kiosk launch', 'Morning Blend'];
    const get = mockDevices(undefined, undefined, {
      locations: [{ id: 4, name: 'Central Station', campaigns, last_screens: true }],
    });
    const post = vi.spyOn(api, 'post').mockResolvedValue(undefined);
    const { user } = renderWithProviders(<LocationDevices locationId={4} />);
    await user.click(await screen.findByRole('button', { name: 'Disable device SN-001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable device' });
    expect(get).toHaveBeenCalledWith('/api/devices/disable-impact/', expect.objectContaining({ query: { ids: '11' } }));
    expect(dialog).toHaveTextContent(deviceTexts.disableLastScreen('Central Station', campaigns));
    // A warning, not a refusal: Disable goes ahead.
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/devices/11/deactivate/'));
  });

  it('says the other screens keep playing them when the location has more', async () => {
    mockDevices(undefined, undefined, {
      locations: [{ id: 4, name: 'Central Station', campaigns: ['Kiosk launch'], last_screens: false }],
    });
    const { user } = renderWithProviders(<LocationDevices locationId={4} />);
    await user.click(await screen.findByRole('button', { name: 'Disable device SN-001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable device' });
    expect(dialog).toHaveTextContent(deviceTexts.disableBooked('Central Station', ['Kiosk launch']));
    expect(dialog).not.toHaveTextContent('no screen to play on');
  });

  it('offers neither registering nor disabling without the permissions', async () => {
    mockDevices([deviceFixture({ _permissions: ['view_device'] })], ['list_device']);
    renderWithProviders(<LocationDevices locationId={4} />);
    await screen.findByRole('table', { name: 'Devices' });
    expect(screen.queryByRole('button', { name: 'Register device' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Disable device/ })).toBeNull();
  });
});
