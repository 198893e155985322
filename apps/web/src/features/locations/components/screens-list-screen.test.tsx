import type { UserInfo } from '@marquee/contracts/auth';
import type { Device } from '@marquee/contracts/locations';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../app/paths.ts';
import { api } from '../../../lib/api.ts';
import type { QueryParams } from '../../../lib/api-client.ts';
import { userInfoQueryKey } from '../../../lib/current-user.ts';
import { setDisplayTimeZone } from '../../../lib/format.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { deviceFixture, page } from './location-fixtures.ts';
import { ScreensListScreen } from './screens-list-screen.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  setDisplayTimeZone(undefined);
});

const LIST = '/api/devices/';

const me = (permissions: string[]): UserInfo => ({
  id: 3,
  username: 'olga',
  full_name: '',
  time_zone: 'UTC',
  _permissions: permissions,
});

const reporting = deviceFixture({
  id: 12,
  serial_number: 'SN-002',
  location: 9,
  location_name: 'Airport Gate B',
  device_type: 'screen',
  state: 'stale',
  last_status: 'ok',
  last_status_date: '2026-03-01T10:00:00Z',
  playlist_version: 'a1b2c3d4e5f60718293a',
  playlist_applied_at: '2026-03-01T07:30:00Z',
  screen_on: true,
  uptime_s: 5 * 3600 + 12 * 60,
  disk_free_mb: 512,
  cpu_temp_c: 51.4,
  app_version: 'marquee-sim/1.8.0',
});

/** A screen silent past the offline limit, with what it last told. */
const silent = deviceFixture({
  id: 13,
  serial_number: 'SN-003',
  state: 'offline',
  last_status: 'ok',
  last_status_date: '2026-03-01T09:00:00Z',
  playlist_version: 'a1b2c3d4e5f60718293a',
  playlist_applied_at: '2026-03-01T07:30:00Z',
  queue_depth: 0,
  uptime_s: 3 * 86_400 + 4 * 3600,
  disk_free_mb: 12_595,
  cpu_temp_c: 63.2,
  app_version: 'marquee-player/2.4.1',
});

/** The "last known" mark around a fact: italics, and on hover when it was reported. */
const lastKnownMark = (element: HTMLElement) => element.closest<HTMLElement>('[title^="Last known"]');

function renderList(route: string, devices: Device[], permissions = ['list_device', 'list_location', 'view_location']) {
  const get = vi.spyOn(api, 'get').mockImplementation((path: string) => {
    if (path === LIST) return Promise.resolve(page(devices)) as never;
    if (path === '/api/locations/') {
      return Promise.resolve(
        page([
          { id: 4, name: 'Central Station' },
          { id: 9, name: 'Airport Gate B' },
        ]),
      ) as never;
    }
    return Promise.reject(new Error(`unexpected ${path}`));
  });
  const rendered = renderWithProviders(<></>, {
    route,
    routes: [
      { path: paths.screens, element: <ScreensListScreen /> },
      { path: paths.location, element: <p>The location</p> },
    ],
  });
  rendered.queryClient.setQueryData(userInfoQueryKey, me(permissions));
  const listQueries = () =>
    get.mock.calls.filter(([path]) => path === LIST).map(([, options]) => options?.query as QueryParams);
  const search = () => new URLSearchParams(rendered.router.state.location.search);
  return { ...rendered, listQueries, search };
}

describe('ScreensListScreen', () => {
  it('lists the active devices with their state badge, location link and reported facts', async () => {
    setDisplayTimeZone('Europe/Warsaw');
    const { listQueries } = renderList('/screens', [deviceFixture(), reporting]);
    const table = await screen.findByRole('table', { name: 'Screens' });
    expect(listQueries()[0]).toEqual({ page: 1, page_size: 25, ordering: 'serial_number', is_active: 'true' });
    const [, never, stale] = within(table).getAllByRole('row');

    expect(within(never!).getByText('SN-001')).toBeInTheDocument();
    expect(within(never!).getByText('Never reported').closest('[data-state]')).toHaveAttribute('data-state', 'never');
    expect(within(never!).getByText('Never')).toBeInTheDocument();

    expect(within(stale!).getByText('Stale playlist').closest('[data-state]')).toHaveAttribute('data-state', 'stale');
    expect(within(stale!).getByRole('link', { name: 'Airport Gate B' })).toHaveAttribute(
      'href',
      '/location/9?tab=devices',
    );
    expect(within(stale!).getByText('Screen')).toBeInTheDocument();
    // Times in the configured zone (11:00 in Warsaw in March), with the report's age.
    expect(stale).toHaveTextContent('2026-03-01 11:00:00');
    expect(within(stale!).getByText(/ ago$/)).toBeInTheDocument();
    expect(stale).toHaveTextContent('2026-03-01 08:30:00');
    expect(within(stale!).getByText('a1b2c3d4')).toBeInTheDocument();
    expect(within(stale!).getAllByRole('cell')[7]).toHaveTextContent('marquee-sim/1.8.0');
    expect(within(stale!).getByText('5 h 12 min')).toBeInTheDocument();
    expect(within(stale!).getByText('512.0 MB')).toBeInTheDocument();
    expect(within(stale!).getByText('51.4 °C')).toBeInTheDocument();
  });

  it("marks an offline screen's facts as the last known (italics, a tooltip, words for screen readers), a reporting one's not", async () => {
    setDisplayTimeZone('UTC');
    renderList('/screens', [reporting, silent]);
    const table = await screen.findByRole('table', { name: 'Screens' });
    const [, current, offline] = within(table).getAllByRole('row');

    for (const name of [
      /Version a1b2c3d4 \(last known\)$/,
      /^Empty \(last known\)$/,
      /^marquee-player\/2\.4\.1 \(last known\)$/,
      /^3\s+d 4\s+h \(last known\)$/,
      /^12\.3 GB \(last known\)$/,
      /^63\.2 °C \(last known\)$/,
    ]) {
      const cell = within(offline!).getByRole('cell', { name });
      expect(cell).toHaveTextContent(/\(last known\)$/);
    }
    for (const text of ['63.2 °C', '12.3 GB', 'Empty']) {
      const mark = lastKnownMark(within(offline!).getByText(text));
      expect(mark).toHaveStyle({ fontStyle: 'italic' });
      expect(mark).toHaveAttribute(
        'title',
        'Last known, reported 2026-03-01 09:00:00: the screen is not reporting now.',
      );
    }
    expect(lastKnownMark(within(offline!).getByText(/^3\s+d 4\s+h$/))).toHaveStyle({ fontStyle: 'italic' });
    // Its state and the time of its last report are current: not marked.
    expect(lastKnownMark(within(offline!).getByText('Offline'))).toBeNull();
    expect(lastKnownMark(within(offline!).getByText(/ ago$/))).toBeNull();

    // A screen that reports (stale too) shows its facts plainly.
    expect(within(current!).getByRole('cell', { name: '51.4 °C' })).toBeInTheDocument();
    expect(lastKnownMark(within(current!).getByText('51.4 °C'))).toBeNull();
    expect(current).not.toHaveTextContent('last known');
    expect(within(current!).queryByTitle(/^Last known/)).toBeNull();
  });

  it('shows the plays waiting (warning colours as they age, growing or draining), the faults badge and the screenshot thumbnail', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    renderList('/screens', [
      deviceFixture({
        state: 'online',
        queue_depth: 0,
        screenshot_at: '2026-03-01T10:00:00Z',
        _permissions: ['view_device'],
      }),
      deviceFixture({
        id: 12,
        serial_number: 'SN-002',
        state: 'online',
        queue_depth: 30,
        queue_since: hoursAgo(0.25),
        queue_depth_before: 45,
        faults_recent: 1,
        last_fault_at: '2026-03-01T10:00:00Z',
        _permissions: ['list_device'],
        screenshot_at: '2026-03-01T10:00:00Z',
      }),
      deviceFixture({
        id: 13,
        serial_number: 'SN-003',
        state: 'online',
        queue_depth: 250,
        queue_since: hoursAgo(3),
        queue_depth_before: 210,
        faults_recent: 14,
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Screens' });
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Empty')).toBeInTheDocument();
    expect(within(first!).getByText('None')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: /^Screenshot of SN-001, taken/ })).toHaveAttribute(
      'href',
      '/api/devices/11/screenshot/?at=2026-03-01T10%3A00%3A00Z',
    );
    const level = (row: HTMLElement, text: string) =>
      within(row).getByText(text).closest('[data-level]')?.getAttribute('data-level');
    expect(level(second!, '30 waiting')).toBe('waiting');
    expect(within(second!).getByText('for 15 min')).toBeInTheDocument();
    const trend = (row: HTMLElement, text: string) =>
      within(row).getByText(text).closest('[data-trend]')?.getAttribute('data-trend');
    expect(trend(second!, 'draining (−15 since the last report)')).toBe('draining');
    expect(within(second!).getByText('1 fault')).toBeInTheDocument();
    // Without view_device the picture is not offered (its address would answer 403).
    expect(within(second!).queryByRole('link', { name: /^Screenshot/ })).toBeNull();
    expect(level(third!, '250 waiting')).toBe('old');
    expect(trend(third!, 'growing (+40 since the last report)')).toBe('growing');
    expect(third).toHaveTextContent(/250 waiting\s*for 3 h\s*growing/);
    // Without a report before there is nothing to compare.
    expect(within(first!).queryByText(/growing|draining/)).toBeNull();
    expect(within(third!).getByText('14 faults')).toBeInTheDocument();
    expect(within(third!).getByText('No screenshot')).toBeInTheDocument();
  });

  it('takes its filters from the URL (a home link to one state) and sends only a state the server knows', async () => {
    const { listQueries } = renderList('/screens?state=offline&location=9&search=SN-0&page=2', [reporting]);
    await screen.findByRole('table', { name: 'Screens' });
    expect(listQueries()[0]).toEqual({
      page: 2,
      page_size: 25,
      ordering: 'serial_number',
      state: 'offline',
      location: '9',
      search: 'SN-0',
      is_active: 'true',
    });
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('Offline');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('SN-0');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Airport Gate B'));
  });

  it("narrows to a location manager's screens from their home's link, until they switch it off", async () => {
    const { listQueries } = renderList('/screens?state=offline&mine=true', [reporting]);
    await screen.findByRole('table', { name: 'Screens' });
    expect(listQueries()[0]).toMatchObject({ state: 'offline', mine: 'true' });
    const mine = screen.getByRole('switch', { name: 'Only the locations I manage' });
    expect(mine).toBeChecked();
    fireEvent.click(mine);
    await waitFor(() => expect(listQueries().at(-1)).not.toHaveProperty('mine'));
    expect(screen.queryByRole('switch', { name: 'Only the locations I manage' })).toBeNull();
  });

  it('drops a state it does not know rather than asking the server for it', async () => {
    const { listQueries } = renderList('/screens?state=sleepy', [reporting]);
    await screen.findByRole('table', { name: 'Screens' });
    expect(listQueries()[0]).not.toHaveProperty('state');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('All');
  });

  it('writes the chosen state to the URL and starts on page 1; "All" removes it', async () => {
    const { user, listQueries, search } = renderList('/screens?page=3&ordering=-last_status_date', [reporting]);
    await screen.findByRole('table', { name: 'Screens' });

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Screen off', hidden: true }));
    await waitFor(() => expect(search().get('state')).toBe('screen_off'));
    expect(search().has('page')).toBe(false);
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ state: 'screen_off', page: 1 }));

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'All', hidden: true }));
    await waitFor(() => expect(search().has('state')).toBe(false));
    expect(search().get('ordering')).toBe('-last_status_date');
  });

  it('sorts by the last report from its header, in the URL', async () => {
    const { user, listQueries, search } = renderList('/screens', [reporting]);
    await screen.findByRole('table', { name: 'Screens' });
    await user.click(screen.getByRole('button', { name: 'Last report' }));
    await waitFor(() => expect(search().get('ordering')).toBe('last_status_date'));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ ordering: 'last_status_date' }));
    await user.click(screen.getByRole('button', { name: 'Last report' }));
    await waitFor(() => expect(search().get('ordering')).toBe('-last_status_date'));
  });

  it('names the location without a link for users who may not open it, and says when nothing matches', async () => {
    renderList('/screens?state=offline', [reporting], ['list_device']);
    const table = await screen.findByRole('table', { name: 'Screens' });
    expect(within(table).getByText('Airport Gate B')).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'Airport Gate B' })).toBeNull();
    // Without list_location there is no location filter (the server would refuse the choices).
    expect(screen.queryByRole('combobox', { name: 'Location' })).toBeNull();
  });

  it('shows skeleton rows while loading and an empty state for filters that match nothing', async () => {
    const { unmount } = renderList('/screens?state=offline', []);
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    expect(await screen.findByText('No screens match the filters.')).toBeInTheDocument();
    unmount();
    renderList('/screens', []);
    expect(await screen.findByText('No devices are registered yet.')).toBeInTheDocument();
  });
});
