// GET /api/campaigns/?for_approval=true: the new campaigns that end today or later, a page at a time
// (approvers only). Kept under the campaign list keys, so every campaign change refreshes it.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client.ts';
import { fetchList, queryKeys } from '../../../lib/resources.ts';
import type { CampaignRow } from './campaigns.ts';

export const approvalListQueryOptions = (params: QueryParams) => {
  const query = { ...params, for_approval: 'true' };
  return queryOptions({
    queryKey: queryKeys.list('campaigns', query),
    queryFn: ({ signal }) => fetchList<CampaignRow>('campaigns', query, { signal }),
    placeholderData: keepPreviousData,
  });
};

export const useApprovalList = (params: QueryParams) => useQuery(approvalListQueryOptions(params));
