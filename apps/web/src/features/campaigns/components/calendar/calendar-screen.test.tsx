import { appConfigEndpoint } from '@marquee/contracts/app-config';
import type { CalendarRow } from '@marquee/contracts/campaigns';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../../app/paths.ts';
import { api } from '../../../../lib/api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { configFixture } from '../../../../test/fixtures.ts';
import { calendarRowFixture, page } from './calendar-fixtures.ts';
import { CalendarScreen } from './calendar-screen.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const CALENDAR = '/api/locations/calendar/';

type Options = { rows?: CalendarRow[]; timeZone?: string; count?: number };

function renderCalendar(route: string, { rows = [calendarRowFixture()], timeZone = 'UTC', count }: Options = {}) {
  const get = vi.spyOn(api, 'get').mockImplementation((path: string) => {
    if (path === appConfigEndpoint) return Promise.resolve(configFixture({ time_zone: timeZone })) as never;
    if (path === CALENDAR) return Promise.resolve(page(rows, count ?? rows.length)) as never;
    return Promise.reject(new Error(`unexpected ${path}`));
  });
  const rendered = renderWithProviders(<></>, {
    route,
    routes: [{ path: paths.campaignCalendar, element: <CalendarScreen /> }],
  });
  return { ...rendered, get };
}

const calendarTable = () => screen.findByRole('table', { name: 'Campaigns per location and day' });
const dayHeaders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .filter((th) => th.getAttribute('scope') === 'col' && th.textContent !== 'Location');

describe('CalendarScreen', () => {
  it('moves a mid-week start to its Monday and shows 4 ISO weeks, asking for exactly those days', async () => {
    const { router, get } = renderCalendar('/campaign/calendar/2026-11-26?page=2', { count: 120 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/calendar/2026-11-23'));
    expect(router.state.location.search).toBe('?page=2');

    const table = await calendarTable();
    const days = dayHeaders(table);
    expect(days).toHaveLength(28);
    expect(days[0]).toHaveTextContent('Mon23');
    expect(days[27]).toHaveTextContent('Sun20');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .filter((th) => th.getAttribute('scope') === 'colgroup')
        .map((th) => th.textContent),
    ).toEqual(['Week 48', 'Week 49', 'Week 50', 'Week 51']);
    expect(get).toHaveBeenCalledWith(
      CALENDAR,
      expect.objectContaining({
        query: { date_from: '2026-11-23', date_to: '2026-12-20', page: 2, page_size: 50 },
      }),
    );
    expect(get.mock.calls.filter(([path]) => path === CALENDAR)).toHaveLength(1);
    expect(screen.getByText('51–100 of 120 locations')).toBeInTheDocument();
  });

  it('marks Saturdays and Sundays as weekend columns', async () => {
    renderCalendar('/campaign/calendar/2026-11-23');
    const weekend = dayHeaders(await calendarTable()).filter((th) => th.hasAttribute('data-weekend'));
    expect(weekend.map((th) => th.textContent)).toEqual([
      'Sat28',
      'Sun29',
      'Sat5',
      'Sun6',
      'Sat12',
      'Sun13',
      'Sat19',
      'Sun20',
    ]);
  });

  it('links a day with campaigns to that day’s list and shows zero as plain text', async () => {
    renderCalendar('/campaign/calendar/2026-11-23', {
      rows: [calendarRowFixture({ days: { '2026-11-23': 3, '2026-11-24': 0, '2026-11-25': 1 } })],
    });
    const three = await screen.findByRole('link', { name: '3 campaigns at Mall North on Monday 23 November 2026' });
    expect(three).toHaveAttribute('href', '/campaign/calendar/2026-11-23/list/4/2026-11-23');
    expect(three).toHaveTextContent('3');
    expect(
      screen.getByRole('link', { name: '1 campaign at Mall North on Wednesday 25 November 2026' }),
    ).toHaveAttribute('href', '/campaign/calendar/2026-11-23/list/4/2026-11-25');
    expect(screen.getAllByRole('link', { name: /campaigns? at Mall North/ })).toHaveLength(2);
    expect(screen.getByRole('rowheader', { name: /Mall North/ })).toBeInTheDocument();
  });

  it('shows how full each day is as a bar with its figures in words, coloured by level, and the legend', async () => {
    renderCalendar('/campaign/calendar/2026-11-23', {
      rows: [
        calendarRowFixture({
          days: { '2026-11-23': 3, '2026-11-24': 0, '2026-11-25': 1, '2026-11-26': 2 },
          fill: {
            '2026-11-23': { fill: 0.75, held: 0.1 },
            // Only holds: no campaign counted yet, the bar shows the held room.
            '2026-11-24': { fill: 0, held: 0.25 },
            '2026-11-25': { fill: 0.9, held: 0 },
            '2026-11-26': { fill: 1.2, held: 0 },
            '2026-11-27': { fill: 0, held: 0 },
          },
        }),
      ],
    });
    const table = await calendarTable();
    const monday = await within(table).findByRole('img', {
      name: 'Mall North, Monday 23 November 2026: 75 % booked, 10 % held',
    });
    // Coloured by booked + held: 85 % is amber.
    expect(monday).toHaveAttribute('data-level', 'tight');
    expect(monday).toHaveAttribute('title', 'Mall North, Monday 23 November 2026: 75 % booked, 10 % held');
    // The bar sits in the same cell as the day's count.
    expect(monday.closest('td')).toHaveTextContent('3');
    expect(
      within(table).getByRole('img', { name: 'Mall North, Tuesday 24 November 2026: 0 % booked, 25 % held' }),
    ).toHaveAttribute('data-level', 'open');
    expect(
      within(table).getByRole('img', { name: 'Mall North, Wednesday 25 November 2026: 90 % booked' }),
    ).toHaveAttribute('data-level', 'tight');
    expect(
      within(table).getByRole('img', { name: 'Mall North, Thursday 26 November 2026: 120 % booked' }),
    ).toHaveAttribute('data-level', 'over');
    // Empty days have no bar.
    expect(within(table).getAllByRole('img')).toHaveLength(4);

    const legend = screen.getByRole('list', { name: 'Fill of the loop' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Under 80 %', '80–100 %', 'Over 100 %', 'Held']);
  });

  it('starts on the Monday of this week in the configured time zone, and marks today', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Sunday evening in UTC is already Monday 30 November in Berlin.
    vi.setSystemTime(new Date('2026-11-29T23:30:00Z'));
    const { get, router } = renderCalendar('/campaign/calendar', { timeZone: 'Europe/Berlin' });
    const table = await calendarTable();
    expect(router.state.location.pathname).toBe('/campaign/calendar');
    expect(get).toHaveBeenCalledWith(
      CALENDAR,
      expect.objectContaining({
        query: expect.objectContaining({ date_from: '2026-11-30', date_to: '2026-12-27' }),
      }),
    );
    const today = dayHeaders(table).filter((th) => th.getAttribute('aria-current') === 'date');
    expect(today.map((th) => th.textContent)).toEqual(['Mon30']);
    expect(screen.getByRole('link', { name: /Next week/ })).toHaveAttribute('href', '/campaign/calendar/2026-12-07');
    expect(screen.getByRole('link', { name: /Previous 4 weeks/ })).toHaveAttribute(
      'href',
      '/campaign/calendar/2026-11-02',
    );
  });

  it('sends an invalid start to this week and says when there are no active locations', async () => {
    const { router } = renderCalendar('/campaign/calendar/2026-02-30', { rows: [] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/calendar'));
    expect(await screen.findByText('No active locations.')).toBeInTheDocument();
  });
});
