import type { UserInfo } from '@marquee/contracts/auth';
import type { DeliveryTotals } from '@marquee/contracts/delivery';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { userInfoQueryKey } from '../../../lib/current-user.ts';
import { deliveryResponseFixture } from '../../../test/delivery-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CampaignDeliverySummary } from './campaign-delivery-summary.tsx';

afterEach(() => vi.restoreAllMocks());

const me = (permissions: string[]): UserInfo => ({
  id: 3,
  username: 'ann',
  full_name: '',
  time_zone: 'UTC',
  _permissions: permissions,
});

function renderSummary(permissions: string[], totals: Partial<DeliveryTotals>) {
  const get = vi
    .spyOn(api, 'get')
    .mockImplementation(() => Promise.resolve(deliveryResponseFixture([], totals)) as never);
  const rendered = renderWithProviders(<CampaignDeliverySummary campaignId={1} />);
  rendered.queryClient.setQueryData(userInfoQueryKey, me(permissions));
  return { ...rendered, get };
}

describe('CampaignDeliverySummary', () => {
  it('shows the delivery %, the pacing and a link to the report once the campaign has played', async () => {
    const { get } = renderSummary(['list_eventstatistic'], {
      due: 16552,
      delivered: 15186,
      delivery_pct: 91.7,
      pacing: 'behind',
    });
    const section = await screen.findByRole('region', { name: 'Delivery' });
    expect(get).toHaveBeenCalledWith(
      '/api/campaigns/1/delivery/',
      expect.objectContaining({ query: { group_by: 'location' } }),
    );
    expect(section).toHaveTextContent('15,186 of 16,552 plays due so far');
    expect(screen.getByRole('img', { name: 'Delivered 91.7 % of what was due' })).toBeInTheDocument();
    expect(screen.getByText('Behind')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Delivery report' })).toHaveAttribute('href', '/reports/delivery/1');
  });

  it('shows nothing before anything was due', async () => {
    const { get } = renderSummary(['list_eventstatistic'], { due: 0, delivered: 0 });
    await waitFor(() => expect(get).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Delivery' })).toBeNull();
  });

  it('asks nothing of a user who may not read the statistics', async () => {
    const { get } = renderSummary(['view_campaign'], { due: 10, delivered: 10, delivery_pct: 100 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(get).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Delivery' })).toBeNull();
  });
});
