// Every page of a paged endpoint that is not a registry list (e.g. an object's extra method),
// following `next`; the caller shows its own loading state.
import type { Paged } from '@marquee/contracts/common';
import { api } from './api.ts';
import type { QueryParams } from './api-client.ts';

export async function fetchAllPages<T>(
  path: string,
  params: QueryParams,
  { signal, limit = Infinity }: { signal?: AbortSignal; limit?: number } = {},
): Promise<Paged<T>> {
  const first = await api.get<Paged<T>>(path, { query: params, signal, background: true });
  const results = [...first.results];
  let next = first.next;
  while (next && results.length < limit) {
    const page = await api.get<Paged<T>>(next, { signal, background: true });
    results.push(...page.results);
    next = page.next;
  }
  return { ...first, next: null, previous: null, results: results.slice(0, limit) };
}
