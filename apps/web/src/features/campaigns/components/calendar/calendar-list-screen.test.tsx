import { appConfigEndpoint } from '@marquee/contracts/app-config';
import type { AvailabilityRow } from '@marquee/contracts/inventory';
import { userInfoQueryKey } from '../../../../lib/current-user.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../../app/paths.ts';
import { api } from '../../../../lib/api.ts';
import { availabilityAnswer, roomRowFixture } from '../../../../test/availability-fixtures.ts';
import { configFixture } from '../../../../test/fixtures.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { campaignRowFixture, meFixture, page } from './calendar-fixtures.ts';
import { CalendarListScreen } from './calendar-list-screen.tsx';

afterEach(() => vi.restoreAllMocks());

const AVAILABILITY = '/api/locations/availability/';

const roomRow = (extra: { zone: number; booked_s?: number; held_s?: number }): AvailabilityRow =>
  roomRowFixture({ location: 4, location_name: 'Mall North', loop_seconds: 60, day: '2026-11-25', ...extra });

function renderList(
  route: string,
  rows = [campaignRowFixture()],
  permissions = ['list_campaign', 'view_location'],
  room: AvailabilityRow[] = [],
) {
  const get = vi.spyOn(api, 'get').mockImplementation((path: string) => {
    if (path === '/api/campaigns/') return Promise.resolve(page(rows)) as never;
    if (path === appConfigEndpoint) return Promise.resolve(configFixture()) as never;
    if (path === AVAILABILITY) return Promise.resolve(availabilityAnswer(room)) as never;
    if (path === '/api/locations/4/') return Promise.resolve({ id: 4, name: 'Mall North' }) as never;
    return Promise.reject(new Error(`unexpected ${path}`));
  });
  const rendered = renderWithProviders(<></>, {
    route,
    routes: [
      {
        path: paths.campaignCalendarList,
        element: <CalendarListScreen />,
        children: [{ path: ':id', element: <p>Details of {route}</p> }],
      },
    ],
  });
  rendered.queryClient.setQueryData(userInfoQueryKey, meFixture(permissions));
  return { ...rendered, get };
}

describe('CalendarListScreen', () => {
  it('asks for the day’s campaigns at the location and keeps the states the calendar counts and the holds', async () => {
    // The fixtures' hold was saved on 2 November: live on the 5th.
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-05T12:00:00Z'));
    const { get } = renderList('/campaign/calendar/2026-11-23/list/4/2026-11-25', [
      campaignRowFixture({ id: 1, name: 'New one', state: 0 }),
      campaignRowFixture({ id: 2, name: 'Approved one', state: 1 }),
      campaignRowFixture({ id: 3, name: 'Sent one', state: 2 }),
      campaignRowFixture({ id: 4, name: 'Active one', state: 3 }),
      campaignRowFixture({ id: 5, name: 'Viewed one', state: 10 }),
      campaignRowFixture({ id: 6, name: 'Rejected one', state: 98 }),
      campaignRowFixture({ id: 7, name: 'Finished one', state: 99 }),
    ]);
    const table = await screen.findByRole('table', { name: 'Campaigns at Mall North on Wednesday 25 November 2026' });
    const names = within(table)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['New one', 'Approved one', 'Sent one', 'Active one', 'Viewed one', 'Finished one']);
    expect(get).toHaveBeenCalledWith(
      '/api/campaigns/',
      expect.objectContaining({
        query: { location: 4, date_from: '2026-11-25', date_to: '2026-11-25', page_size: 0, ordering: 'ordering' },
      }),
    );
    expect(within(table).getByRole('link', { name: 'Sent one' })).toHaveAttribute(
      'href',
      '/campaign/calendar/2026-11-23/list/4/2026-11-25/3',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Mall North');
    expect(screen.getByText('Choose a campaign to see its details.')).toBeInTheDocument();
  });

  it('shows each campaign’s seconds per loop at this location and the room left per zone that day', async () => {
    const { get } = renderList(
      '/campaign/calendar/2026-11-23/list/4/2026-11-25',
      [
        campaignRowFixture({
          id: 2,
          name: 'Winter sale',
          loop_share: [
            { location: 9, loop_seconds: 30, clip_s: 15, share: 0.5 },
            { location: 4, loop_seconds: 60, clip_s: 15, share: 0.25 },
          ],
        }),
        campaignRowFixture({ id: 3, name: 'No share yet', loop_share: undefined }),
      ],
      ['list_campaign', 'view_location', 'list_location'],
      [roomRow({ zone: 2, booked_s: 70 }), roomRow({ zone: 1, booked_s: 40, held_s: 10 })],
    );
    const table = await screen.findByRole('table', { name: 'Campaigns at Mall North on Wednesday 25 November 2026' });
    expect(within(table).getByRole('columnheader', { name: 'Per loop' })).toBeInTheDocument();
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('15 s25 % of 60 s');
    expect(second).toHaveTextContent('–');

    const room = await screen.findByRole('region', { name: 'Room left on this day' });
    expect(room).toHaveTextContent('Room per 60 s loop');
    const zones = within(room).getAllByRole('listitem');
    expect(zones.map((zone) => zone.textContent)).toEqual([
      'Zone 110 s free, 10 s held06:00–24:00',
      'Zone 2over by 10 s06:00–24:00',
    ]);
    expect(within(zones[1]!).getByRole('img')).toHaveAttribute('data-level', 'over');
    expect(room).toHaveTextContent('Approval checks the booked campaigns only: holds do not block it.');
    expect(within(zones[0]!).getByRole('img', { name: 'Zone 1: 67 % booked, 17 % held' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(
      AVAILABILITY,
      expect.objectContaining({
        query: expect.objectContaining({ location: '4', date__gte: '2026-11-25', date__lte: '2026-11-25' }),
      }),
    );
  });

  it('lists a hold with its seconds and until when it counts, and leaves out an expired one as the count does', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-25T12:00:00Z'));
    const share = [{ location: 4, loop_seconds: 60, clip_s: 10, share: 1 / 6 }];
    renderList('/campaign/calendar/2026-11-23/list/4/2026-11-25', [
      campaignRowFixture({
        id: 1,
        name: 'Fresh hold',
        state: 0,
        loop_share: share,
        updated_at: '2026-11-24T09:00:00Z',
      }),
      campaignRowFixture({ id: 2, name: 'Old hold', state: 0, loop_share: share, updated_at: '2026-11-10T09:00:00Z' }),
    ]);
    const table = await screen.findByRole('table', { name: 'Campaigns at Mall North on Wednesday 25 November 2026' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Fresh hold');
    expect(rows[0]).toHaveTextContent('10 s held');
    expect(rows[0]).toHaveTextContent(/Held until 2026-12-01/);
    expect(within(table).queryByText('Old hold')).toBeNull();
  });

  it('does not ask for the room without list_location (the API would refuse it)', async () => {
    const { get } = renderList(
      '/campaign/calendar/2026-11-23/list/4/2026-11-25',
      [campaignRowFixture()],
      ['list_campaign', 'view_location'],
    );
    await screen.findByRole('table', { name: 'Campaigns at Mall North on Wednesday 25 November 2026' });
    expect(screen.queryByRole('region', { name: 'Room left on this day' })).toBeNull();
    expect(get.mock.calls.some(([path]) => path === AVAILABILITY)).toBe(false);
  });

  it('goes back to the calendar weeks and to the days around, following a day out of those weeks', async () => {
    renderList('/campaign/calendar/2026-11-23/list/4/2026-11-23');
    await screen.findByRole('table');
    expect(screen.getByRole('link', { name: 'Back to the calendar' })).toHaveAttribute(
      'href',
      '/campaign/calendar/2026-11-23',
    );
    expect(screen.getByRole('link', { name: /^Next day/ })).toHaveAttribute(
      'href',
      '/campaign/calendar/2026-11-23/list/4/2026-11-24',
    );
    expect(screen.getByRole('link', { name: /^Previous day/ })).toHaveAttribute(
      'href',
      '/campaign/calendar/2026-11-16/list/4/2026-11-22',
    );
  });

  it('shows the chosen campaign’s details below the list and marks its row', async () => {
    const { user, router } = renderList('/campaign/calendar/2026-11-23/list/4/2026-11-25', [
      campaignRowFixture({ id: 2, name: 'Approved one' }),
      campaignRowFixture({ id: 3, name: 'Sent one', state: 2 }),
    ]);
    await user.click(await screen.findByRole('link', { name: 'Sent one' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/campaign/calendar/2026-11-23/list/4/2026-11-25/3'),
    );
    expect(screen.getByText(/^Details of/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sent one' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Approved one' })).not.toHaveAttribute('aria-current');
  });

  it('says when nothing plays there, and names the location without asking for it when the user may not view it', async () => {
    const { get } = renderList('/campaign/calendar/2026-11-23/list/4/2026-11-25', [], ['list_campaign']);
    expect(await screen.findByText('No campaigns play at Location 4 on this day.')).toBeInTheDocument();
    expect(get.mock.calls.some(([path]) => path === '/api/locations/4/')).toBe(false);
  });
});
