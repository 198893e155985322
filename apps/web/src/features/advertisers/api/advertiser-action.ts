// The advertiser's extra methods (`/api/advertisers/:id/<name>/`) and the refresh after one has run.
import type { QueryClient } from '@tanstack/react-query';
import { detailPath, queryKeys } from '../../../lib/resources.ts';

export const advertiserActionPath = (id: number, name: string) => `${detailPath('advertisers', id)}${name}/`;

/** The advertiser and every list of advertisers show the change (products show its name too). */
export async function refreshAdvertiser(queryClient: QueryClient, id: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.detail('advertisers', id) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.lists('advertisers') }),
  ]);
}
