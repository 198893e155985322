import { appConfigEndpoint } from '@marquee/contracts/app-config';
import type { UserInfo } from '@marquee/contracts/auth';
import type { AvailabilityRow } from '@marquee/contracts/inventory';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { userInfoQueryKey } from '../../../lib/current-user.ts';
import { configFixture } from '../../../test/fixtures.ts';
import { availabilityAnswer, roomRowFixture } from '../../../test/availability-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { page, zoneFixture } from './location-fixtures.ts';
import { LocationWeekFill } from './location-week-fill.tsx';
import { freeText, weekFrom } from './location-week.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const AVAILABILITY = '/api/locations/availability/';

const row = (extra: { zone?: number; day?: string; booked_s?: number; held_s?: number; closed?: boolean }) =>
  roomRowFixture({ location: 4, location_name: 'Central Station', loop_seconds: 60, day: '2026-11-30', ...extra });

function renderWeek(
  rows: AvailabilityRow[] | Error,
  timeZone = 'Pacific/Auckland',
  permissions = ['list_location', 'list_locationzone'],
) {
  const get = vi.spyOn(api, 'get').mockImplementation((path: string) => {
    if (path === appConfigEndpoint) return Promise.resolve(configFixture({ time_zone: timeZone })) as never;
    if (path === AVAILABILITY)
      return (rows instanceof Error ? Promise.reject(rows) : Promise.resolve(availabilityAnswer(rows))) as never;
    if (path === '/api/locations/4/zones/') return Promise.resolve(page([zoneFixture()])) as never;
    return Promise.reject(new Error(`unexpected ${path}`));
  });
  const view = renderWithProviders(<LocationWeekFill locationId={4} />);
  view.queryClient.setQueryData(userInfoQueryKey, {
    id: 1,
    username: 'ann',
    full_name: 'Ann',
    time_zone: 'UTC',
    _permissions: permissions,
  } satisfies UserInfo);
  return { ...view, get };
}

describe('LocationWeekFill', () => {
  it('shows the fill by zone number, without asking for zone names, to someone who may not list zones', async () => {
    const { get } = renderWeek([row({ zone: 1, day: '2026-11-30', booked_s: 40 })], 'UTC', ['list_location']);
    const table = await screen.findByRole('table', { name: 'Fill of the next 7 days' });
    expect(within(table).getByRole('rowheader')).toHaveTextContent('Zone 1');
    expect(get).not.toHaveBeenCalledWith('/api/locations/4/zones/', expect.anything());
  });

  it('asks for the 7 days from the server’s today and shows a row per zone with each day’s fill and free seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 29 November 23:30 UTC is already 30 November in Auckland.
    vi.setSystemTime(new Date('2026-11-29T23:30:00Z'));
    const { get } = renderWeek([
      row({ zone: 1, day: '2026-11-30', booked_s: 40, held_s: 10 }),
      row({ zone: 1, day: '2026-12-01', booked_s: 50 }),
      row({ zone: 1, day: '2026-12-02', booked_s: 70 }),
      row({ zone: 1, day: '2026-12-03', booked_s: 40, held_s: 23 }),
      row({ zone: 2, day: '2026-11-30', closed: true }),
    ]);
    const table = await screen.findByRole('table', { name: 'Fill of the next 7 days' });
    expect(get).toHaveBeenCalledWith(
      AVAILABILITY,
      expect.objectContaining({
        query: expect.objectContaining({ location: '4', date__gte: '2026-11-30', date__lte: '2026-12-06' }),
      }),
    );
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Zone', 'Today', 'Tue 1', 'Wed 2', 'Thu 3', 'Fri 4', 'Sat 5', 'Sun 6']);
    expect(within(table).getByRole('columnheader', { name: 'Today' })).toHaveAttribute('aria-current', 'date');

    const [zone1, zone2] = within(table).getAllByRole('row').slice(1);
    expect(within(zone1!).getByRole('rowheader')).toHaveTextContent('Zone 1Entrance');
    // Booked and held together: 50 of 60 s is amber, holds or not.
    const today = within(zone1!).getByRole('img', { name: 'Monday 30 November: 67 % booked, 17 % held' });
    expect(today).toHaveAttribute('data-level', 'tight');
    expect(within(zone1!).getAllByRole('cell')[0]).toHaveTextContent('10 s free10 s held');
    expect(within(zone1!).getByRole('img', { name: 'Tuesday 1 December: 83 % booked' })).toHaveAttribute(
      'data-level',
      'tight',
    );
    expect(within(zone1!).getByRole('img', { name: 'Wednesday 2 December: 117 % booked' })).toHaveAttribute(
      'data-level',
      'over',
    );
    expect(within(zone1!).getAllByRole('cell')[2]).toHaveTextContent('over by 10 s');
    // 3 s over because of holds is red too.
    expect(within(zone1!).getAllByRole('cell')[3]).toHaveTextContent('over by 3 s23 s held');
    expect(within(zone1!).getAllByRole('cell')[3]).toHaveAttribute('data-level', 'over');
    // A day with no row (not returned) shows a dash.
    expect(within(zone1!).getAllByRole('cell')[4]).toHaveTextContent('–');

    expect(within(zone2!).getByRole('rowheader')).toHaveTextContent('Zone 2');
    expect(within(zone2!).getAllByRole('cell')[0]).toHaveTextContent('Closed');
    expect(within(zone2!).queryByRole('img')).toBeNull();

    expect(screen.getByText(/Share of each 60 s loop booked per zone/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Fill of the loop' })).getAllByRole('listitem')).toHaveLength(4);
  });

  it('says when there is nothing to show, and offers a retry when the room cannot be loaded', async () => {
    const { unmount } = renderWeek([]);
    expect(await screen.findByText('No zones to show.')).toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();
    renderWeek(new Error('offline'));
    expect(await screen.findByText(/The fill of the week could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('location week', () => {
  // Today in the server's zone: lib/server-today.test.ts.
  it('has 7 days from today, and the free seconds in words', () => {
    expect(weekFrom('2026-12-29')).toEqual([
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
      '2027-01-04',
    ]);
    const f = (capacity_s: number, free_s: number, over_s: number) => ({
      capacity_s,
      booked_s: 0,
      held_s: 0,
      free_s,
      over_s,
    });
    expect(freeText(f(60, 20, 0))).toBe('20 s free');
    expect(freeText(f(60, 0, 5))).toBe('over by 5 s');
    expect(freeText(f(0, 0, 0))).toBe('Closed');
  });
});
