// The campaign calls every campaign screen shares: one campaign, saving it, its transitions (approve,
// reject, deactivate), the version last approved, and what a location plays (its playlist).
import { CAMPAIGNS_PER_LOCATION_PAGE_SIZE } from '@marquee/contracts/constants';
import type { Campaign, CampaignInput, LastReviewed, RejectInput } from '@marquee/contracts/campaigns';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { fetchAllPages } from '../../../lib/fetch-pages.ts';
import { detailPath, fetchDetail, queryKeys, resourceDefinition, type Detail } from '../../../lib/resources.ts';

export type CampaignRow = Campaign & { _permissions?: string[] };

export const campaignActionPath = (id: number, name: string) => `${detailPath('campaigns', id)}${name}/`;

export const campaignQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.detail('campaigns', id),
    queryFn: ({ signal }) => fetchDetail<Campaign>('campaigns', id, { signal }),
  });

/** GET /api/campaigns/:id/ (with `_permissions`). */
export const useCampaign = (id: number | undefined) =>
  useQuery({ ...campaignQueryOptions(id ?? 0), enabled: id !== undefined });

/** GET /api/campaigns/:id/last_reviewed/: the version last approved, else last rejected (nulls if
 * never reviewed). */
export const useLastReviewed = (id: number | undefined) =>
  useQuery({
    queryKey: [...queryKeys.detail('campaigns', id ?? 0), 'last_reviewed'] as const,
    queryFn: ({ signal }) => api.get<LastReviewed>(campaignActionPath(id!, 'last_reviewed'), { signal }),
    enabled: id !== undefined,
  });

/** Campaign lists, details and every location's playlist and calendar (they all count campaigns). */
export async function refreshCampaigns(queryClient: QueryClient, saved?: Detail<Campaign>): Promise<void> {
  if (saved) queryClient.setQueryData(queryKeys.detail('campaigns', saved.id), saved);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.all('campaigns') }),
    queryClient.invalidateQueries({ queryKey: ['location-playlist'] }),
    queryClient.invalidateQueries({ queryKey: ['campaign-calendar'] }),
  ]);
}

export type SaveCampaignInput = {
  id?: number;
  values: CampaignInput;
  /** The caller shows every 400 itself (a booked campaign's "not enough room" with its conflicts). */
  quiet400?: boolean;
};

/** POST /api/campaigns/ or PUT /api/campaigns/:id/; field errors of a 400 are left to the form. */
export function saveCampaign({ id, values, quiet400 = false }: SaveCampaignInput): Promise<Detail<Campaign>> {
  const options = quiet400 ? { formErrors: true, quietStatuses: [400] } : { formErrors: true };
  if (id === undefined) return api.post<Detail<Campaign>>(resourceDefinition('campaigns').endpoint, values, options);
  return api.put<Detail<Campaign>>(detailPath('campaigns', id), values, options);
}

export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCampaign, onSuccess: (saved) => refreshCampaigns(queryClient, saved) });
}

export type CampaignTransition =
  | {
      action: 'approve';
      id: number;
      /** Book even where the clip does not fit (the user holds `override_capacity`). */
      overrideCapacity?: boolean;
    }
  | { action: 'deactivate'; id: number }
  | { action: 'reject'; id: number; input: RejectInput };

function postTransition(t: CampaignTransition): Promise<Detail<Campaign>> {
  switch (t.action) {
    case 'reject':
      return api.post<Detail<Campaign>>(campaignActionPath(t.id, 'reject'), t.input, { formErrors: true });
    case 'approve':
      // The approval screen shows a refusal (400: not enough room, with its conflicts) itself. The body
      // is always an object: the server refuses an approve without one.
      return api.post<Detail<Campaign>>(
        campaignActionPath(t.id, 'approve'),
        t.overrideCapacity ? { override_capacity: true } : {},
        { quietStatuses: [400] },
      );
    default:
      return api.post<Detail<Campaign>>(campaignActionPath(t.id, t.action));
  }
}

/** POST approve/ (a 400 is the caller's to show), reject/ (reason, comments; field errors left to the
 * form) or deactivate/. */
export function useCampaignTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTransition,
    onSuccess: (saved) => refreshCampaigns(queryClient, saved),
  });
}

export const locationPlaylistKey = (location: number) => ['location-playlist', location] as const;

/** GET /api/locations/:id/actual_campaigns/ 500 at a time: what the location plays, in order. */
export const locationPlaylistQueryOptions = (location: number) =>
  queryOptions({
    queryKey: locationPlaylistKey(location),
    queryFn: async ({ signal }) =>
      (
        await fetchAllPages<CampaignRow>(
          `${detailPath('locations', location)}actual_campaigns/`,
          { page_size: CAMPAIGNS_PER_LOCATION_PAGE_SIZE },
          { signal },
        )
      ).results,
  });

export const useLocationPlaylist = (location: number | undefined) =>
  useQuery({ ...locationPlaylistQueryOptions(location ?? 0), enabled: location !== undefined });
