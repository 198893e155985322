// GET /api/campaigns/delivery/: a page of campaigns with their contracted, due and delivered totals,
// delivery % and pacing (the campaign list's filters; ordered by delivery %, lowest first, by default).
import type { Paged } from '@marquee/contracts/common';
import type { CampaignDelivery } from '@marquee/contracts/delivery';
import { resources } from '@marquee/contracts/resources';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { QueryParams } from '../../../lib/api-client.ts';

export const deliveryListEndpoint = `${resources.campaigns.endpoint}delivery/`;

export const deliveryListQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: ['campaigns', 'delivery', 'list', params] as const,
    queryFn: ({ signal }) =>
      api.get<Paged<CampaignDelivery>>(deliveryListEndpoint, { query: params, signal, background: true }),
    placeholderData: keepPreviousData,
  });

export const useDeliveryList = (params: QueryParams) => useQuery(deliveryListQueryOptions(params));
