// GET /api/campaigns/{id}/delivery/?group_by=location: a campaign's delivery totals for its page (by
// location: the fewest rows). Kept in the delivery report's cache entry for the whole run.
import type { DeliveryResponse } from '@marquee/contracts/delivery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { campaignDeliveryEndpoint, campaignDeliveryQueryKey } from '../../../lib/campaign-delivery-query.ts';

export const campaignDeliveryTotalsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: campaignDeliveryQueryKey(id, 'location'),
    queryFn: ({ signal }) =>
      api.get<DeliveryResponse>(campaignDeliveryEndpoint(id), {
        query: { group_by: 'location' },
        signal,
        background: true,
      }),
  });

export const useCampaignDeliveryTotals = (id: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    ...campaignDeliveryTotalsQueryOptions(id),
    select: (response) => response._totals,
    enabled: enabled && id > 0,
  });
