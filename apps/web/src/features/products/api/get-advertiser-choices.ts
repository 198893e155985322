// GET /api/advertisers/?is_active=true&page_size=0: the active advertisers a product can belong to
// (also the product list's advertiser filter). Only asked when the user may list advertisers.
import type { Advertiser } from '@marquee/contracts/advertisers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Choice } from '../../../lib/choices.ts';
import { fetchList, queryKeys } from '../../../lib/resources.ts';

const params = { page_size: 0, ordering: 'name', is_active: true };

export const activeAdvertisersQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.list('advertisers', params), 'choices'] as const,
    queryFn: async ({ signal }) => (await fetchList<Advertiser>('advertisers', params, { signal })).results,
  });

export const useAdvertiserChoices = (enabled: boolean) =>
  useQuery({
    ...activeAdvertisersQueryOptions(),
    enabled,
    select: (rows): Choice[] => rows.map((row) => ({ value: String(row.id), label: row.name })),
  });
