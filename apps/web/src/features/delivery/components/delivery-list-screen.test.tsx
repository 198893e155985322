import type { UserInfo } from '@marquee/contracts/auth';
import type { CampaignDelivery } from '@marquee/contracts/delivery';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../app/paths.ts';
import { api } from '../../../lib/api.ts';
import type { QueryParams } from '../../../lib/api-client.ts';
import { userInfoQueryKey } from '../../../lib/current-user.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { campaignDeliveryFixture } from '../../../test/delivery-fixtures.ts';
import { DeliveryListScreen } from './delivery-list-screen.tsx';

afterEach(() => vi.restoreAllMocks());

const LIST = '/api/campaigns/delivery/';

const me: UserInfo = {
  id: 3,
  username: 'ann',
  full_name: '',
  time_zone: 'UTC',
  _permissions: ['list_eventstatistic', 'list_advertiser', 'list_location'],
};

function renderList(route: string, campaigns: CampaignDelivery[]) {
  const get = vi.spyOn(api, 'get').mockImplementation((path: string) => {
    if (path === LIST) {
      return Promise.resolve({
        count: campaigns.length,
        next: null,
        previous: null,
        results: campaigns,
        _permissions: [],
      }) as never;
    }
    if (path === '/api/advertisers/') {
      const results = [{ id: 2, name: 'Blue Peak Outdoor' }];
      return Promise.resolve({ count: 1, next: null, previous: null, results }) as never;
    }
    if (path === '/api/locations/') {
      const results = [{ id: 4, name: 'Airport Gate B' }];
      return Promise.resolve({ count: 1, next: null, previous: null, results }) as never;
    }
    return Promise.reject(new Error(`unexpected ${path}`));
  });
  const rendered = renderWithProviders(<></>, {
    route,
    routes: [
      { path: paths.reportDelivery, element: <DeliveryListScreen /> },
      { path: paths.reportDeliveryCampaign, element: <p>The report</p> },
    ],
  });
  rendered.queryClient.setQueryData(userInfoQueryKey, me);
  const listQueries = () =>
    get.mock.calls.filter(([path]) => path === LIST).map(([, options]) => options?.query as QueryParams);
  return { ...rendered, listQueries };
}

describe('DeliveryListScreen', () => {
  it('lists the campaigns with contracted, delivered, a delivery bar and a pacing badge, lowest delivery first', async () => {
    renderList('/reports/delivery', [
      campaignDeliveryFixture({
        id: 1,
        name: 'Morning Blend launch',
        contracted: 96262,
        due: 16552,
        delivered: 15186,
        delivery_pct: 91.7,
        pacing: 'behind',
        progress_pct: 15.8,
      }),
      campaignDeliveryFixture({
        id: 9,
        name: 'Reach goal',
        goal_type: 'impressions',
        goal_value: 500000,
        contracted: 500000,
        due: 100000,
        delivered: 20000,
        impressions_measured: 90000,
        impressions_modelled: 25000,
        delivery_pct: 115,
        pacing: 'ahead',
        progress_pct: 23,
      }),
      campaignDeliveryFixture({ id: 2, name: 'Cold Brew summer', contracted: 237120 }),
    ]);
    const table = await screen.findByRole('table', { name: 'Delivery of the campaigns' });
    const [, morning, reach, cold] = within(table).getAllByRole('row');

    expect(within(morning!).getByText('96,262 plays')).toBeInTheDocument();
    expect(within(morning!).getByText('plays as booked')).toBeInTheDocument();
    expect(within(morning!).getByText('15,186')).toBeInTheDocument();
    expect(within(morning!).getByText('of 16,552 due')).toBeInTheDocument();
    expect(within(morning!).getByRole('img', { name: 'Delivered 91.7 % of what was due' })).toBeInTheDocument();
    expect(within(morning!).getByText('Behind')).toBeInTheDocument();
    expect(within(morning!).getByRole('link', { name: 'Delivery report of Morning Blend launch' })).toHaveAttribute(
      'href',
      '/reports/delivery/1',
    );

    // An impressions goal counts impressions, measured and modelled together.
    expect(within(reach!).getByText('500,000 impressions')).toBeInTheDocument();
    expect(within(reach!).getByText('impressions goal')).toBeInTheDocument();
    expect(within(reach!).getByText('115,000')).toBeInTheDocument();
    expect(within(reach!).getByText('Ahead')).toBeInTheDocument();

    expect(within(cold!).getByRole('img', { name: 'Nothing was due yet' })).toBeInTheDocument();
    expect(within(cold!).getByText('Not due yet')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Delivery %/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('sends the filters from the URL and keeps the sort by delivery % in the URL', async () => {
    const { user, router, listQueries } = renderList(
      '/reports/delivery?state=10&advertiser=2&location=4&search=blend',
      [campaignDeliveryFixture({ delivery_pct: 91.7, pacing: 'behind' })],
    );
    await screen.findByRole('table', { name: 'Delivery of the campaigns' });
    expect(listQueries().at(-1)).toEqual({
      page: 1,
      page_size: 25,
      ordering: 'delivery_pct',
      state: '10',
      advertiser: '2',
      location: '4',
      search: 'blend',
    });
    expect(await screen.findByRole('combobox', { name: 'Advertiser' })).toHaveValue('Blue Peak Outdoor');

    await user.click(screen.getByRole('button', { name: /Delivery %/ }));
    await waitFor(() => expect(router.state.location.search).toContain('ordering=-delivery_pct'));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ ordering: '-delivery_pct', state: '10' }));
    expect(screen.getByRole('columnheader', { name: /Delivery %/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('row', { name: /Morning Blend launch/ }));
    expect(await screen.findByText('The report')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reports/delivery/1');
  });

  it('says so when no campaign matches the filters', async () => {
    renderList('/reports/delivery?state=98', []);
    expect(await screen.findByText('No campaigns match the filters.')).toBeInTheDocument();
  });
});
