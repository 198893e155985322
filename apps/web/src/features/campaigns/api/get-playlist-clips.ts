// The calls of the campaign screen's clip box: active clips the user may use, by advertiser, product and search text
// (VIDEO_CLIPS_PAGE_SIZE at a time, more on demand) and the active products of one advertiser.
import type { Product } from '@marquee/contracts/advertisers';
import type { Paged } from '@marquee/contracts/common';
import { VIDEO_CLIPS_PAGE_SIZE } from '@marquee/contracts/constants';
import type { Videoclip } from '@marquee/contracts/videoclips';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client.ts';
import type { Choice } from '../../../lib/choices.ts';
import { fetchList, queryKeys } from '../../../lib/resources.ts';

export type ClipBoxFilters = { advertiser: number | null; product: number | null; search: string };

const clipParams = ({ advertiser, product, search }: ClipBoxFilters): QueryParams => ({
  is_active: true,
  // Only clips of advertisers the user may use: the server would refuse the others on save.
  can_use_in_campaign: true,
  ordering: 'name',
  product: product ?? undefined,
  product__advertiser: advertiser ?? undefined,
  search: search || undefined,
});

/** GET /api/videoclips/?is_active=true&…: page 1, 2, … while the server has `next`. */
export const playlistClipsQueryOptions = (filters: ClipBoxFilters) => {
  const params = clipParams(filters);
  return infiniteQueryOptions({
    queryKey: [...queryKeys.lists('videoclips'), 'playlist-box', params] as const,
    queryFn: ({ pageParam, signal }) =>
      fetchList<Videoclip>('videoclips', { ...params, page: pageParam, page_size: VIDEO_CLIPS_PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: Paged<Videoclip>, _pages, pageParam: number) => (last.next ? pageParam + 1 : undefined),
    placeholderData: keepPreviousData,
  });
};

export const usePlaylistClips = (filters: ClipBoxFilters, { enabled }: { enabled: boolean }) =>
  useInfiniteQuery({ ...playlistClipsQueryOptions(filters), enabled });

/** GET /api/products/?page_size=0&is_active=true&advertiser=…: one advertiser's products as options. */
export function useAdvertiserProducts(advertiser: number | null, { enabled }: { enabled: boolean }) {
  const params = { page_size: 0, ordering: 'name', is_active: true, advertiser: advertiser ?? undefined };
  return useQuery({
    queryKey: [...queryKeys.list('products', params), 'choices'] as const,
    queryFn: async ({ signal }) => (await fetchList<Product>('products', params, { signal })).results,
    enabled: enabled && advertiser !== null,
    select: (rows): Choice[] => rows.map((row) => ({ value: String(row.id), label: row.name })),
  });
}
