// GET /api/inventory/search/ (Find room): every location and zone with its room over a period, what
// approval would do with a clip of the asked length, its screens, plays and impressions. Under the
// 'campaign-calendar' key family, so every campaign change (refreshCampaigns) refreshes it too.
import { INVENTORY_SEARCH_ENDPOINT, type InventorySearchResponse } from '@marquee/contracts/inventory-search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { QueryParams } from '../../../lib/api-client.ts';

export const inventorySearchKey = (params: QueryParams) => ['campaign-calendar', 'inventory-search', params] as const;

export const inventorySearchQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: inventorySearchKey(params),
    queryFn: ({ signal }) =>
      api.get<InventorySearchResponse>(INVENTORY_SEARCH_ENDPOINT, { query: params, signal, background: true }),
    placeholderData: keepPreviousData,
  });

/** Asks only when `params` is given (the screen decides when its filters are complete). */
export const useInventorySearch = (params: QueryParams | undefined) =>
  useQuery({ ...inventorySearchQueryOptions(params ?? {}), enabled: params !== undefined });
