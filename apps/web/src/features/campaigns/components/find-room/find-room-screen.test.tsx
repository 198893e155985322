import { appConfigEndpoint } from '@marquee/contracts/app-config';
import type { UserInfo } from '@marquee/contracts/auth';
import { INVENTORY_SEARCH_ENDPOINT, type InventorySearchRow } from '@marquee/contracts/inventory-search';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../../app/paths.ts';
import { api } from '../../../../lib/api.ts';
import type { QueryParams } from '../../../../lib/api-client.ts';
import { userInfoQueryKey } from '../../../../lib/current-user.ts';
import { serverToday } from '../../../../lib/server-today.ts';
import { configFixture } from '../../../../test/fixtures.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { addDays } from '@marquee/contracts/inventory';
import { FindRoomScreen, findRoomTexts } from './find-room-screen.tsx';

const today = serverToday('UTC');
const FROM = addDays(today, 1);
const TO = addDays(today, 7);

const row = (extra: Partial<InventorySearchRow>): InventorySearchRow => ({
  location: 1,
  location_name: 'Central Station',
  venue_type: 10604,
  loop_seconds: 60,
  zone: 1,
  screens: 2,
  day: FROM,
  tightest: { start: '06:00', end: '10:00' },
  capacity_s: 60,
  booked_s: 0,
  held_s: 0,
  free_s: 60,
  over_s: 0,
  open_s: 7 * 14_400,
  free_loop_s: 7 * 240 * 60,
  placement: { need_s: 10, fits: true, room_s: 60, displaced_s: 0 },
  verdict: 'fits the booked campaigns',
  plays: 3360,
  impressions: 8400,
  impressions_per_play: 2.5,
  ...extra,
});

const rows = [
  row({}),
  row({ location: 2, location_name: 'Airport Gate B', venue_type: 10105, zone: 2, screens: 1, impressions: null }),
  row({
    location: 3,
    location_name: 'Riverside Mall',
    venue_type: 20501,
    booked_s: 55,
    free_s: 5,
    placement: { need_s: 10, fits: false, room_s: 5, displaced_s: 0 },
    verdict: 'does not fit: 5 s free beside the booked campaigns, the clip needs 10 s',
  }),
];

let results: InventorySearchRow[] = rows;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderScreen(route: string, permissions = ['list_location', 'add_campaign', 'view_location']) {
  const get = vi.spyOn(api, 'get').mockImplementation(async (path: string, options?: { query?: QueryParams }) => {
    if (path === appConfigEndpoint) return configFixture({ times: ['06:00', '08:00', '10:00'] }) as never;
    if (path === INVENTORY_SEARCH_ENDPOINT) {
      return {
        count: results.length,
        next: null,
        previous: null,
        results,
        _permissions: ['list_location'],
        need_s: Number(options?.query?.need_s ?? 10),
        date__gte: String(options?.query?.date__gte),
        date__lte: String(options?.query?.date__lte),
      } as never;
    }
    if (path === '/api/locations/') {
      return {
        count: 3,
        next: null,
        previous: null,
        results: rows.map((r) => ({ id: r.location, name: r.location_name })),
        _permissions: [],
      } as never;
    }
    throw new Error(`unexpected GET ${path}`);
  });
  const view = renderWithProviders(<></>, {
    route,
    routes: [
      { path: paths.campaignFindRoom, element: <FindRoomScreen /> },
      { path: paths.campaignAdd, element: <Where /> },
    ],
  });
  view.queryClient.setQueryData(userInfoQueryKey, {
    id: 1,
    username: 'sam',
    full_name: 'Sam',
    time_zone: 'UTC',
    _permissions: permissions,
  } satisfies UserInfo);
  const searches = () =>
    get.mock.calls.filter(([path]) => path === INVENTORY_SEARCH_ENDPOINT).map(([, options]) => options?.query);
  const address = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, searches, address };
}

beforeEach(() => {
  results = rows;
});
afterEach(() => vi.restoreAllMocks());

describe('FindRoomScreen', () => {
  it('asks for a clip length first, with a labelled field for every filter', async () => {
    const { searches, user, address } = renderScreen(paths.campaignFindRoom);
    expect(await screen.findByTestId('find-room-prompt')).toHaveTextContent(findRoomTexts.prompt);
    for (const label of [
      'Clip length (s)',
      'From',
      'To',
      'Window from',
      'Window until',
      'Zones',
      'Venue types',
      'Locations',
      'Minimum screens',
    ]) {
      expect(screen.getAllByLabelText(label).length, label).toBeGreaterThan(0);
    }
    expect(searches()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Book' })).toBeDisabled();

    // A length, typed: it goes to the address and the room is asked for, this week from today.
    await user.type(screen.getByRole('textbox', { name: 'Clip length (s)' }), '10');
    await waitFor(() => expect(address().get('need_s')).toBe('10'));
    await waitFor(() =>
      expect(searches().at(-1)).toMatchObject({
        need_s: 10,
        date__gte: today,
        date__lte: addDays(today, 6),
        page: 1,
        page_size: 25,
        ordering: 'fit',
      }),
    );
    expect(await screen.findByRole('link', { name: 'Central Station' })).toBeInTheDocument();
  }, 15_000);

  it('lists the rows with their room, verdict, screens, plays and impressions', async () => {
    const { searches } = renderScreen(
      `${paths.campaignFindRoom}?need_s=10&date__gte=${FROM}&date__lte=${TO}&p_start_time=06:00&p_end_time=10:00&zone=1,2&venue_type=1`,
    );
    const table = await screen.findByRole('table', { name: 'Room by location and zone' });
    await within(table).findByText('Riverside Mall');
    expect(searches()[0]).toEqual({
      need_s: 10,
      date__gte: FROM,
      date__lte: TO,
      p_start_time: '06:00',
      p_end_time: '10:00',
      zone: '1,2',
      venue_type: '1',
      location: undefined,
      min_screens: undefined,
      page: 1,
      page_size: 25,
      ordering: 'fit',
    });
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Central Station');
    expect(first).toHaveTextContent('Transit');
    expect(first).toHaveTextContent('60 s free');
    expect(first).toHaveTextContent('Fits');
    expect(first).toHaveTextContent('Fits the booked campaigns.');
    expect(first).toHaveTextContent('3,360');
    expect(first).toHaveTextContent('8,400');
    expect(second).toHaveTextContent('Airport Gate B');
    expect(second).toHaveTextContent('—');
    expect(third).toHaveTextContent('5 s free');
    expect(third).toHaveTextContent('Does not fit');
    expect(third).toHaveTextContent('Does not fit: 5 s free beside the booked campaigns, the clip needs 10 s.');
    expect(within(table).getByRole('link', { name: 'Central Station' })).toHaveAttribute('href', '/location/1');
  }, 15_000);

  it('books the ticked rows: the campaign form opens with their locations, zones, period and window', async () => {
    const { user } = renderScreen(
      `${paths.campaignFindRoom}?need_s=10&date__gte=${FROM}&date__lte=${TO}&p_start_time=06:00&p_end_time=10:00`,
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Select Central Station, zone 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Airport Gate B, zone 2' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Book 2 selected' }));
    const where = await screen.findByTestId('where');
    const url = new URL(where.textContent!, 'http://x');
    expect(url.pathname).toBe(paths.campaignAdd);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      locations: '1,2',
      p_zones: '1,2',
      start_date: FROM,
      end_date: TO,
      p_start_time: '06:00',
      p_end_time: '10:00',
    });
  }, 15_000);

  it('says so when nothing matches, and books nothing without the permission to add campaigns', async () => {
    results = [];
    renderScreen(`${paths.campaignFindRoom}?need_s=10`, ['list_location']);
    expect(await screen.findByText(findRoomTexts.empty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book' })).toBeDisabled();
  });

  it('starts the period at today and keeps it within the most days a search covers', async () => {
    const { searches } = renderScreen(
      `${paths.campaignFindRoom}?need_s=10&date__gte=${addDays(today, -3)}&date__lte=${addDays(today, 400)}`,
    );
    await screen.findByRole('table', { name: 'Room by location and zone' });
    expect(searches()[0]).toMatchObject({ date__gte: today, date__lte: addDays(today, 91) });
  });
});
