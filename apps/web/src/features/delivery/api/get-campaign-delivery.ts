// GET /api/campaigns/{id}/delivery/: a campaign's delivery totals and its rows per location, day, or
// location and day (optionally within a period), and the same rows downloaded as a csv or xlsx file.
import type { DeliveryGroup, DeliveryResponse } from '@marquee/contracts/delivery';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { DownloadProgress } from '../../../lib/api-client.ts';
import {
  campaignDeliveryEndpoint,
  campaignDeliveryQueryKey,
  deliveryPeriodQuery,
  type DeliveryPeriod,
} from '../../../lib/campaign-delivery-query.ts';

export const campaignDeliveryQueryOptions = (id: number, group: DeliveryGroup, period: DeliveryPeriod = {}) =>
  queryOptions({
    queryKey: campaignDeliveryQueryKey(id, group, period),
    queryFn: ({ signal }) =>
      api.get<DeliveryResponse>(campaignDeliveryEndpoint(id), {
        query: { group_by: group, ...deliveryPeriodQuery(period) },
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
    query: { group_by: 'location,day', format, ...deliveryPeriodQuery(period) },
    signal,
    background: true,
    onProgress,
  });
