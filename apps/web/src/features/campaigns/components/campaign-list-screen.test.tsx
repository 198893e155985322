import type { Campaign } from '@marquee/contracts/campaigns';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import type { QueryParams } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { CampaignRow } from '../api/campaigns.ts';
import { CampaignListScreen } from './campaign-list-screen.tsx';

const row = (extra: Partial<CampaignRow>): CampaignRow => ({
  id: 1,
  sys_id: 'CMP-000001',
  name: 'Spring',
  goal_type: null,
  goal_value: null,
  videoclip: 5,
  videoclip_id: 5,
  start_date: '2026-03-01',
  end_date: '2026-03-31',
  state: 1,
  locations: [1, 2],
  p_zones: [1],
  p_zones_overlay: [],
  ordering: 1,
  p_times_on: false,
  p_start_time: null,
  p_end_time: null,
  p_gender_on: false,
  p_gender: null,
  p_age_on: false,
  p_age: null,
  rejection_reason: null,
  comments: '',
  created_by: 1,
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-01T10:00:00Z',
  author: null,
  submitted_at: null,
  disabled_locations_data: [],
  videoclip_data: {
    id: 5,
    name: 'Spring clip',
    video_file: '/v/5/',
    video_thumb: { url: '/t/5/', preview: '/p/5/' },
    duration: 10,
    advertiser: 1,
    is_active: true,
  },
  ...extra,
});

function mockApi(permissions: string[], rows: Campaign[]) {
  return vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === '/api/campaigns/')
      return { count: rows.length, next: null, previous: null, results: rows, _permissions: permissions };
    if (path === '/api/locations/') return { count: 0, next: null, previous: null, results: [], _permissions: [] };
    throw new Error(`unexpected GET ${path}`);
  });
}

const queryOf = (get: ReturnType<typeof mockApi>) =>
  get.mock.calls
    .filter(([path]) => path === '/api/campaigns/')
    .map(([, options]) => (options as { query: QueryParams }).query);

afterEach(() => vi.restoreAllMocks());

describe('CampaignListScreen', () => {
  it('shows each campaign’s delivery % and pacing when the server sends them, and no such column otherwise', async () => {
    mockApi(
      ['list_campaign'],
      [row({ delivery_pct: 87.5, pacing: 'behind' }), row({ id: 2, name: 'Later', delivery_pct: null, pacing: null })],
    );
    const { unmount } = renderWithProviders(<CampaignListScreen />, { route: '/campaign' });
    const table = await screen.findByRole('table', { name: 'Campaigns' });
    await within(table).findByRole('link', { name: 'Spring' });
    expect(within(table).getByRole('columnheader', { name: 'Delivery' })).toBeInTheDocument();
    expect(within(table).getByText('87.5 %')).toBeInTheDocument();
    expect(within(table).getByText('Behind')).toBeInTheDocument();
    expect(within(table).getByText('Not due yet')).toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();

    mockApi(['list_campaign'], [row({})]);
    renderWithProviders(<CampaignListScreen />, { route: '/campaign' });
    const plain = await screen.findByRole('table', { name: 'Campaigns' });
    await within(plain).findByRole('link', { name: 'Spring' });
    expect(within(plain).queryByRole('columnheader', { name: 'Delivery' })).not.toBeInTheDocument();
  });

  it('lists campaigns with clip, dates, location count and state, latest start first', async () => {
    const get = mockApi(
      ['list_campaign', 'add_campaign'],
      [row({}), row({ id: 2, name: 'Old', state: 99, locations: [3] })],
    );
    renderWithProviders(<CampaignListScreen />, { route: '/campaign' });
    const table = await screen.findByRole('table', { name: 'Campaigns' });
    const link = await within(table).findByRole('link', { name: 'Spring' });
    expect(link).toHaveAttribute('href', '/campaign/1');
    expect(within(table).getAllByText('Spring clip')).toHaveLength(2);
    expect(within(table).getByText('2 locations')).toBeInTheDocument();
    expect(within(table).getByText('1 location')).toBeInTheDocument();
    expect(within(table).getByText('Finished')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add campaign' })).toHaveAttribute('href', '/campaign/add');
    expect(queryOf(get)[0]).toMatchObject({ ordering: '-start_date', page: 1 });
  });

  it('has no Add button without the add permission, and an empty state', async () => {
    mockApi(['list_campaign'], []);
    renderWithProviders(<CampaignListScreen />, { route: '/campaign' });
    expect(await screen.findByText('No campaigns yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add campaign' })).toBeNull();
  });

  it('filters by state and sorts by a column through the URL', async () => {
    const get = mockApi(['list_campaign'], [row({})]);
    const { user, router } = renderWithProviders(<CampaignListScreen />, { route: '/campaign' });
    await screen.findByRole('link', { name: 'Spring' });

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Rejected', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=98'));
    await waitFor(() => expect(queryOf(get).at(-1)).toMatchObject({ state: '98' }));

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(router.state.location.search).toContain('ordering=name'));
  });
});
