// GET /api/campaigns/{id}/delivery/: a campaign's delivery totals and its rows per location, day, or
// location and day (optionally within a period), and the same rows downloaded as a csv or xlsx file.
import type { DeliveryGroup, DeliveryResponse } from '@marquee/contracts/delivery';
import { resources } from '@marquee/contracts/resources';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { DownloadProgress } from '../../../lib/api-client.ts';

export const campaignDeliveryEndpoint = (id: number) => `${resources.campaigns.endpoint}${id}/delivery/`;

/** A period of days (yyyy-MM-dd in the server's time zone); empty ends are left open. */
export type DeliveryPeriod = { date__gte?: string; date__lte?: string };

const periodQuery = ({ date__gte, date__lte }: DeliveryPeriod) => ({
  date__gte: date__gte || undefined,
  date__lte: date__lte || undefined,
});

export const campaignDeliveryQueryOptions = (id: number, group: DeliveryGroup, period: DeliveryPeriod = {}) =>
  queryOptions({
    queryKey: ['campaigns', 'delivery', 'detail', id, group, periodQuery(period)] as const,
    queryFn: ({ signal }) =>
      api.get<DeliveryResponse>(campaignDeliveryEndpoint(id), {
        query: { group_by: group, ...periodQuery(period) },
        signal,
        background: true,
      }),
    // A new period keeps the figures on screen until its own arrive; another campaign does not.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === id ? keepPreviousData(previous) : undefined,
  });

export const useCampaignDelivery = (
  id: number,
  group: DeliveryGroup,
  { period, enabled = true }: { period?: DeliveryPeriod; enabled?: boolean } = {},
) => useQuery({ ...campaignDeliveryQueryOptions(id, group, period), enabled: enabled && id > 0 });

/** The report by location and day as a `format` file (named by the server), reporting the bytes received. */
export const downloadCampaignDelivery = (
  id: number,
  {
    format,
    period,
    signal,
    onProgress,
  }: {
    format: 'csv' | 'xlsx';
    period: DeliveryPeriod;
    signal: AbortSignal;
    onProgress: (progress: DownloadProgress) => void;
  },
) =>
  api.download(campaignDeliveryEndpoint(id), {
    query: { group_by: 'location,day', format, ...periodQuery(period) },
    signal,
    background: true,
    onProgress,
  });
