// The clip's extra methods (`/api/videoclips/:id/<name>/`) and the refresh after one has run.
import type { QueryClient } from '@tanstack/react-query';
import { detailPath, queryKeys } from '../../../lib/resources.ts';

export const videoclipActionPath = (id: number, name: string) => `${detailPath('videoclips', id)}${name}/`;

export async function refreshVideoclip(queryClient: QueryClient, id: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.detail('videoclips', id) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.lists('videoclips') }),
  ]);
}
