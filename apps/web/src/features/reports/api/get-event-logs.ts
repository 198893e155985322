// GET /api/event-log/ (the raw device events, from the day raw plays are kept: raw_events_from) and
// /api/event-log/distinct_devices/ (the devices that reported in a period), one page at a time.
import type { Paged } from '@marquee/contracts/common';
import { resources } from '@marquee/contracts/resources';
import type { EventLogPage } from '@marquee/contracts/retention';
import type { ReportingDevice } from '@marquee/contracts/statistics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { QueryParams } from '../../../lib/api-client.ts';

const endpoint = resources.eventLogs.endpoint;

export const useEventLogs = (params: QueryParams) =>
  useQuery({
    queryKey: ['eventLogs', 'list', params] as const,
    queryFn: ({ signal }) => api.get<EventLogPage>(endpoint, { query: params, signal, background: true }),
    placeholderData: keepPreviousData,
  });

export const useDistinctDevices = (params: QueryParams) =>
  useQuery({
    queryKey: ['eventLogs', 'distinct_devices', params] as const,
    queryFn: ({ signal }) =>
      api.get<Paged<ReportingDevice>>(`${endpoint}distinct_devices/`, { query: params, signal, background: true }),
    placeholderData: keepPreviousData,
  });
