// GET /api/campaigns/ one page at a time (search, state, location, ordering from the list's URL).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client.ts';
import { fetchList, queryKeys } from '../../../lib/resources.ts';
import type { CampaignRow } from './campaigns.ts';

export const campaignsQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: queryKeys.list('campaigns', params),
    queryFn: ({ signal }) => fetchList<CampaignRow>('campaigns', params, { signal }),
    placeholderData: keepPreviousData,
  });

export const useCampaigns = (params: QueryParams) => useQuery(campaignsQueryOptions(params));
