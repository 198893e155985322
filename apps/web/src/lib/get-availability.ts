// GET /api/locations/availability/: room per location, zone and day (seconds per loop in each day's
// tightest interval, its total free loop-seconds; hours with by_hour; a placement with need_s). Under
// the 'campaign-calendar' key family, so every campaign change (refreshCampaigns) refreshes it too.
import type { AvailabilityResponse, AvailabilityRunsResponse } from '@marquee/contracts/availability';
import { availabilityRowsOfRuns } from '@marquee/contracts/inventory';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { resourceDefinition } from './resources.ts';

export type AvailabilityParams = {
  /** Location ids (none: every location the user may list). */
  location?: readonly number[];
  zone?: readonly number[];
  date__gte: string;
  date__lte: string;
  p_start_time?: string;
  p_end_time?: string;
  exclude_campaign?: number;
  /** A campaign being placed: its clip's seconds per loop (rows then say what approval would do). */
  need_s?: number;
  by_hour?: boolean;
};

const list = (values: readonly number[] | undefined) => (values?.length ? [...values].join(',') : undefined);

export const availabilityKey = (params: AvailabilityParams) => ['campaign-calendar', 'availability', params] as const;

export const availabilityQueryOptions = (params: AvailabilityParams) =>
  queryOptions({
    queryKey: availabilityKey(params),
    // Asked in the compact shape (a network's four weeks are a quarter of the bytes, and the server
    // serialises and compresses a quarter), read as the rows every screen works with.
    queryFn: async ({ signal }): Promise<AvailabilityResponse> => {
      const answer = await api.get<AvailabilityRunsResponse>(
        `${resourceDefinition('locations').endpoint}availability/`,
        {
          query: {
            ...params,
            location: list(params.location),
            zone: list(params.zone),
            by_hour: params.by_hour ? 'true' : undefined,
            shape: 'runs',
          },
          signal,
          background: true,
        },
      );
      return { results: availabilityRowsOfRuns(answer.locations) };
    },
    placeholderData: keepPreviousData,
  });

/** Asks only when `params` is given (the caller decides when its fields are complete). */
export const useAvailability = (params: AvailabilityParams | undefined) =>
  useQuery({
    ...availabilityQueryOptions(params ?? { date__gte: '', date__lte: '' }),
    enabled: params !== undefined,
  });
