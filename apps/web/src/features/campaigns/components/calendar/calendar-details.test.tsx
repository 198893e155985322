import { appConfigEndpoint } from '@marquee/contracts/app-config';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../../lib/api.ts';
import { userInfoQueryKey } from '../../../../lib/current-user.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { configFixture } from '../../../../test/fixtures.ts';
import { campaignRowFixture, meFixture, page, zoneFixture } from './calendar-fixtures.ts';
import { CalendarDetails } from './calendar-details.tsx';

afterEach(() => vi.restoreAllMocks());

const ROUTE = '/campaign/calendar/2026-11-23/list/4/2026-11-25/5';
const zones = [
  zoneFixture({ id: 21, zone_number: 1, name: 'Entrance' }),
  zoneFixture({
    id: 22,
    zone_number: 2,
    name: 'Food court',
    image: { id: 9, url: '/api/media/images/9/', width: 10, height: 10 },
  }),
  zoneFixture({ id: 23, zone_number: 3, name: 'Exit' }),
];

function renderDetails(permissions = ['list_campaign', 'view_campaign', 'view_location'], count = zones.length) {
  const get = vi.spyOn(api, 'get').mockImplementation((path: string) => {
    if (path === appConfigEndpoint) return Promise.resolve(configFixture()) as never;
    if (path === '/api/campaigns/5/') return Promise.resolve(campaignRowFixture()) as never;
    if (path === '/api/locations/4/') return Promise.resolve({ id: 4, name: 'Mall North' }) as never;
    if (path === '/api/locations/4/zones/') return Promise.resolve(page(zones, count)) as never;
    return Promise.reject(new Error(`unexpected ${path}`));
  });
  const rendered = renderWithProviders(<></>, {
    route: ROUTE,
    routes: [{ path: '/campaign/calendar/:start/list/:location/:selected/:id', element: <CalendarDetails /> }],
  });
  rendered.queryClient.setQueryData(userInfoQueryKey, meFixture(permissions));
  return { ...rendered, get };
}

describe('CalendarDetails', () => {
  it('lists the location’s zones, 50 a page, with where the campaign plays and shows its overlay', async () => {
    const { get, user, router } = renderDetails(undefined, 120);
    const table = await screen.findByRole('table', { name: 'Zones at Mall North' });
    const rows = within(table).getAllByRole('row').slice(1);
    // Zone, name, plays here, shows the overlay (the overlay cell is an image).
    expect(rows.map((row) => [0, 1, 3, 4].map((cell) => within(row).getAllByRole('cell')[cell]!.textContent))).toEqual([
      ['1', 'Entrance', 'Yes', 'No'],
      ['2', 'Food court', 'Yes', 'Yes'],
      ['3', 'Exit', 'No', 'No'],
    ]);
    expect(within(rows[1]!).getByRole('img', { name: 'Overlay of zone 2' })).toHaveAttribute(
      'src',
      '/api/media/images/9/',
    );
    expect(get).toHaveBeenCalledWith(
      '/api/locations/4/zones/',
      expect.objectContaining({ query: { page: 1, page_size: 50, ordering: 'zone_number' } }),
    );

    expect(screen.getByText('1–50 of 120 zones')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(router.state.location.search).toBe('?zones_page=2');
    expect(get).toHaveBeenCalledWith(
      '/api/locations/4/zones/',
      expect.objectContaining({ query: { page: 2, page_size: 50, ordering: 'zone_number' } }),
    );
  });

  it('shows the campaign read-only: dates, time window, audience labels, its clip and a link to open it', async () => {
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'Winter sale' })).toBeInTheDocument();
    const facts = screen.getByRole('table', { name: 'Details of Winter sale' });
    const value = (label: string) => within(facts).getByRole('rowheader', { name: label }).nextElementSibling;
    expect(value('Dates')).toHaveTextContent('2026-11-20 – 2026-12-24');
    expect(value('Time window')).toHaveTextContent('08:00 – 12:00');
    expect(value('Gender')).toHaveTextContent('Women');
    expect(await within(facts).findByText('25–34')).toBeInTheDocument();
    expect(value('State')).toHaveTextContent('Approved');
    expect(screen.getByRole('link', { name: 'Open campaign' })).toHaveAttribute('href', '/campaign/5');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('asks for nothing the user may not view', async () => {
    const { get } = renderDetails(['list_campaign']);
    expect(await screen.findByText('You may not view the details of campaigns.')).toBeInTheDocument();
    expect(get.mock.calls.map(([path]) => path)).not.toContain('/api/campaigns/5/');
    expect(get.mock.calls.map(([path]) => path)).not.toContain('/api/locations/4/zones/');
  });
});
