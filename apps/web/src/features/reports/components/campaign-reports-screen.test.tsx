import { appConfigEndpoint } from '@marquee/contracts/app-config';
import type { CampaignWithReports, LocationReport } from '@marquee/contracts/statistics';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../app/paths.ts';
import { api } from '../../../lib/api.ts';
import type { QueryParams } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { campaignRowFixture } from '../../../test/fixtures.ts';
import { CampaignReportsScreen } from './campaign-reports-screen.tsx';
import { configFixture } from '../../../test/fixtures.ts';

afterEach(() => vi.restoreAllMocks());

const report = (extra: Partial<LocationReport>): LocationReport => ({
  location: 4,
  location_name: 'Mall North',
  location_sys_id: 'LOC-000004',
  plays: 0,
  viewers: 0,
  play_seconds: 0,
  devices: 2,
  first_event: null,
  last_event: null,
  ...extra,
});

const campaign = (extra: Partial<CampaignWithReports>): CampaignWithReports => ({
  ...campaignRowFixture(),
  location_reports: [],
  ...extra,
});

const LIST = '/api/campaigns/list_with_location_reports/';

function renderList(route: string, campaigns: CampaignWithReports[]) {
  const get = vi.spyOn(api, 'get').mockImplementation((path: string) => {
    if (path === appConfigEndpoint) return Promise.resolve(configFixture()) as never;
    if (path === LIST) {
      return Promise.resolve({ count: 12, next: null, previous: null, results: campaigns, _permissions: [] }) as never;
    }
    return Promise.reject(new Error(`unexpected ${path}`));
  });
  const rendered = renderWithProviders(<></>, {
    route,
    routes: [{ path: paths.reportCampaigns, element: <CampaignReportsScreen /> }],
  });
  const listQueries = () =>
    get.mock.calls.filter(([path]) => path === LIST).map(([, options]) => options?.query as QueryParams);
  return { ...rendered, listQueries };
}

describe('CampaignReportsScreen', () => {
  it('shows each campaign with its locations, bars comparing their plays, and an export by location and day', async () => {
    const { user, listQueries } = renderList('/reports/campaigns/details?date_from=2026-11-01&date_to=2026-11-14', [
      campaign({
        id: 7,
        sys_id: 'CMP-000007',
        name: 'Winter sale',
        location_reports: [
          report({ plays: 400, viewers: 520, first_event: '2026-11-02T08:00:00Z', last_event: '2026-11-14T20:00:00Z' }),
          report({ location: 5, location_name: 'Station', plays: 100, viewers: 90 }),
        ],
      }),
      campaign({ id: 8, name: 'Not started', location_reports: [report({ location: 6, location_name: 'Airport' })] }),
    ]);
    const card = await screen.findByRole('article', { name: 'Winter sale' });
    expect(listQueries().at(-1)).toMatchObject({ page: 1, page_size: 10, date_from: '2026-11-01' });
    const table = within(card).getByRole('table', { name: 'Locations of Winter sale' });
    const [, mall, station] = within(table).getAllByRole('row');
    expect(within(mall!).getByText('400')).toBeInTheDocument();
    expect(within(station!).getByText('100')).toBeInTheDocument();
    // The busiest location's bar is full, the other's a quarter.
    const bars = within(table).getAllByTestId('plays-bar');
    expect(bars.map((bar) => bar.querySelector('.mantine-Progress-section')?.getAttribute('style'))).toEqual([
      expect.stringContaining('100%'),
      expect.stringContaining('25%'),
    ]);
    expect(within(mall!).getByRole('link', { name: 'Report of Winter sale at Mall North' })).toHaveAttribute(
      'href',
      '/reports/campaigns/details/7/4',
    );

    const download = vi.spyOn(api, 'download').mockReturnValue(new Promise(() => {}));
    await user.click(within(card).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    expect(download.mock.calls[0]![1]!.query).toEqual({
      campaign: 7,
      group_by: 'location,day',
      ordering: 'location_name,date',
      date__gte: '2026-11-01',
      date__lte: '2026-11-14',
      format: 'csv',
      filename: 'CMP-000007-by-location-2026-11-01-2026-11-14',
    });

    // A campaign without plays has no bars and nothing to export yet.
    const quiet = screen.getByRole('article', { name: 'Not started' });
    expect(within(quiet).queryByTestId('plays-bar')).toBeNull();
    expect(within(quiet).getByText('No plays yet')).toBeInTheDocument();
    expect(within(quiet).getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(screen.getByText('12 campaigns')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Campaign pages' })).toBeInTheDocument();
  });
});
