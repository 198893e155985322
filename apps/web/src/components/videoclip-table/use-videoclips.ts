// GET /api/videoclips/ one page at a time (page size VIDEO_CLIPS_PAGE_SIZE), for the clip tables of
// the video, advertiser and product screens.
import type { Videoclip } from '@marquee/contracts/videoclips';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../lib/api-client.ts';
import { fetchList, queryKeys } from '../../lib/resources.ts';

export const videoclipsQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: queryKeys.list('videoclips', params),
    queryFn: ({ signal }) => fetchList<Videoclip>('videoclips', params, { signal }),
    placeholderData: keepPreviousData,
  });

export const useVideoclips = (params: QueryParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...videoclipsQueryOptions(params), enabled });
