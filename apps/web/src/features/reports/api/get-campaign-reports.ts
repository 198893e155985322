// GET /api/campaigns/list_with_location_reports/ (a page of campaigns, each with its locations'
// numbers) and /api/campaigns/:id/get_with_location_reports/ (one campaign).
import type { Paged } from '@marquee/contracts/common';
import { resources } from '@marquee/contracts/resources';
import type { CampaignWithReports } from '@marquee/contracts/statistics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { QueryParams } from '../../../lib/api-client.ts';

const endpoint = resources.campaigns.endpoint;

export const useCampaignReports = (params: QueryParams) =>
  useQuery({
    queryKey: ['campaigns', 'list_with_location_reports', params] as const,
    queryFn: ({ signal }) =>
      api.get<Paged<CampaignWithReports>>(`${endpoint}list_with_location_reports/`, {
        query: params,
        signal,
        background: true,
      }),
    placeholderData: keepPreviousData,
  });

export const useCampaignWithReports = (id: number) =>
  useQuery({
    queryKey: ['campaigns', 'get_with_location_reports', id] as const,
    queryFn: ({ signal }) =>
      api.get<CampaignWithReports>(`${endpoint}${id}/get_with_location_reports/`, { signal, background: true }),
  });
