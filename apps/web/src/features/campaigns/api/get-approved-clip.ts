// GET /api/videoclips/:id/ for the clip a campaign had when it was last approved, to name it in the
// approval screen's changes. A clip that is gone (404) is named by its id instead, without a toast.
import type { Videoclip } from '@marquee/contracts/videoclips';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, queryKeys, type Detail } from '../../../lib/resources.ts';

/** Only asked when the user may view clips (`enabled`); otherwise the server answers 403. */
export const useApprovedClip = (id: number | undefined, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.detail('videoclips', id ?? 0),
    queryFn: ({ signal }) =>
      api.get<Detail<Videoclip>>(detailPath('videoclips', id!), { signal, background: true, quietStatuses: [404] }),
    enabled: enabled && id !== undefined,
  });
