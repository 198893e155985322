import { appConfigEndpoint } from '@marquee/contracts/app-config';
import type { Paged } from '@marquee/contracts/common';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../../lib/api.ts';
import { setDisplayTimeZone } from '../../../../lib/format.ts';
import { configFixture } from '../../../../test/fixtures.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import type { CampaignRow } from '../../api/campaigns.ts';
import { ApprovalListScreen } from './approval-list-screen.tsx';

const row = {
  id: 5,
  sys_id: 'CMP-000005',
  name: 'Summer sale',
  videoclip: 3,
  start_date: '2026-07-01',
  end_date: '2026-07-31',
  locations: [4, 9],
  updated_at: '2026-06-02T09:30:00Z',
  videoclip_data: {
    id: 3,
    name: 'Beach clip',
    video_file: '/media/3.mp4',
    video_thumb: { url: '/t/3.jpg', preview: '/p/3.jpg' },
    duration: 15,
    advertiser: 1,
    is_active: true,
  },
} as CampaignRow;

const paged = (results: CampaignRow[]): Paged<CampaignRow> => ({
  count: results.length,
  next: null,
  previous: null,
  results,
  _permissions: [],
});

beforeEach(() => setDisplayTimeZone('UTC'));
afterEach(() => {
  vi.restoreAllMocks();
  setDisplayTimeZone(undefined);
});

describe('ApprovalListScreen', () => {
  it('lists the campaigns waiting for approval, soonest end first, linking to their approval screen', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(paged([row]));
    renderWithProviders(<ApprovalListScreen />, { route: '/campaign/approve' });
    const table = await screen.findByRole('table', { name: 'Campaigns waiting for approval' });
    expect(get).toHaveBeenCalledWith(
      '/api/campaigns/',
      expect.objectContaining({ query: { page: 1, page_size: 25, ordering: 'end_date', for_approval: 'true' } }),
    );
    const line = await within(table).findByRole('row', { name: /Summer sale/ });
    expect(within(line).getByRole('link', { name: 'Summer sale' })).toHaveAttribute('href', '/campaign/approve/5');
    expect(line).toHaveTextContent('CMP-000005');
    expect(line).toHaveTextContent('Beach clip');
    expect(line).toHaveTextContent('2 locations');
    expect(line).toHaveTextContent('2026-06-02 09:30:00');
  });

  it('says when each campaign’s hold expires (HOLD_DAYS after its last save), and which have expired', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-06-05T12:00:00Z'));
    vi.spyOn(api, 'get').mockImplementation(
      (path: string) =>
        Promise.resolve(
          path === appConfigEndpoint
            ? configFixture({ hold_days: 7 })
            : paged([row, { ...row, id: 6, name: 'Old draft', updated_at: '2026-05-20T08:00:00Z' }]),
        ) as never,
    );
    renderWithProviders(<ApprovalListScreen />, { route: '/campaign/approve' });
    const table = await screen.findByRole('table', { name: 'Campaigns waiting for approval' });
    expect(within(table).getByRole('columnheader', { name: 'Hold expires' })).toBeInTheDocument();
    expect(await within(table).findByRole('row', { name: /Summer sale/ })).toHaveTextContent('2026-06-09 09:30:00');
    expect(within(table).getByRole('row', { name: /Old draft/ })).toHaveTextContent('Expired 2026-05-27 08:00:00');
    expect(
      screen.getByText(/holds its room for 7 days after it was last saved\. Approval checks the booked campaigns only/),
    ).toBeInTheDocument();
  });

  it('says when no campaign is waiting', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(paged([]));
    renderWithProviders(<ApprovalListScreen />, { route: '/campaign/approve' });
    expect(await screen.findByText('No campaigns are waiting for approval.')).toBeInTheDocument();
  });
});
