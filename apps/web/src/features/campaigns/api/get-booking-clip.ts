// The clip a new campaign starts with when /campaign/add names one (`?videoclip=`, from Find room):
// its details, for the playlist and the room panel. Find room leaves them under the clip's detail key;
// otherwise the detail call for whoever may view clips, or the clips the user may put in campaigns
// (all that a campaign manager may list). Undefined when it is not among them.
import { permissionFlags } from '@marquee/contracts/common';
import type { Videoclip } from '@marquee/contracts/videoclips';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { fetchAll, fetchDetail, queryKeys } from '../../../lib/resources.ts';

export function useBookingClip(id: number | undefined) {
  const flags = permissionFlags(useCurrentUser()?._permissions, 'videoclip');
  return useQuery({
    queryKey: queryKeys.detail('videoclips', id ?? 0),
    queryFn: async ({ signal }): Promise<Videoclip | null> => {
      if (flags.canView) return fetchDetail<Videoclip>('videoclips', id!, { signal });
      const usable = await fetchAll<Videoclip>(
        'videoclips',
        { is_active: true, can_use_in_campaign: true, ordering: 'id', page_size: 0 },
        { signal },
      );
      return usable.results.find((clip) => clip.id === id) ?? null;
    },
    enabled: id !== undefined && (flags.canView || flags.canList),
    retry: false,
    staleTime: 60_000,
  });
}
