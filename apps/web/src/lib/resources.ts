// Generic calls of the resource registry (spec §7): list, all pages, detail; and their query keys.
import type { Paged } from '@marquee/contracts/common';
import { resources, type ResourceDefinition } from '@marquee/contracts/resources';
import { api } from './api.ts';
import type { QueryParams } from './api-client.ts';

export type ResourceName = keyof typeof resources;

/** An object as a detail call returns it: with the permissions the user holds on it. */
export type Detail<T> = T & { _permissions: string[] };

export const resourceDefinition = (name: ResourceName): ResourceDefinition => resources[name];

export const detailPath = (name: ResourceName, id: number | string) => `${resourceDefinition(name).endpoint}${id}/`;

/** Query keys per resource: invalidating `all(name)` refreshes its lists and details. */
export const queryKeys = {
  all: (name: ResourceName) => [name] as const,
  lists: (name: ResourceName) => [name, 'list'] as const,
  list: (name: ResourceName, params: QueryParams) => [name, 'list', params] as const,
  everything: (name: ResourceName, params: QueryParams) => [name, 'all', params] as const,
  detail: (name: ResourceName, id: number | string) => [name, 'detail', Number(id)] as const,
};

type FetchOptions = { signal?: AbortSignal };

/** One page: `{count, next, previous, results, _permissions}`. Tables show their own loading state. */
export function fetchList<T>(name: ResourceName, params: QueryParams, { signal }: FetchOptions = {}) {
  const { endpoint, ignoreAuthModule } = resourceDefinition(name);
  return api.get<Paged<T>>(endpoint, { query: params, ignoreAuthModule, signal, background: true });
}

/** Every page, following `next`, up to `limit` rows. */
export async function fetchAll<T>(
  name: ResourceName,
  params: QueryParams,
  { signal, limit = Infinity }: FetchOptions & { limit?: number } = {},
): Promise<Paged<T>> {
  const { ignoreAuthModule } = resourceDefinition(name);
  const first = await fetchList<T>(name, params, { signal });
  const results = [...first.results];
  let next = first.next;
  while (next && results.length < limit) {
    const page = await api.get<Paged<T>>(next, { ignoreAuthModule, signal, background: true });
    results.push(...page.results);
    next = page.next;
  }
  return { ...first, next: null, previous: null, results: results.slice(0, limit) };
}

export function fetchDetail<T>(name: ResourceName, id: number | string, { signal }: FetchOptions = {}) {
  const { ignoreAuthModule } = resourceDefinition(name);
  return api.get<Detail<T>>(detailPath(name, id), { ignoreAuthModule, signal });
}
