// GET /api/users/activation_params/?key=&hash=: who activates and, with two-factor, the token to
// enrol. Public: a bad, used or expired link is a 404 the screen shows itself.
import type { ActivationParams } from '@marquee/contracts/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { resourceDefinition } from '../../../lib/resources.ts';

export type ActivationLink = { key: string; hash: string };

export const activationParamsPath = () => `${resourceDefinition('users').endpoint}activation_params/`;

export const getActivationParams = ({ key, hash }: ActivationLink, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<ActivationParams>(activationParamsPath(), {
    query: { key, hash },
    ignoreAuthModule: true,
    quietStatuses: [400, 403, 404],
    signal,
  });

export const activationParamsQueryOptions = (link: ActivationLink) =>
  queryOptions({
    queryKey: ['activation-params', link.key, link.hash],
    queryFn: ({ signal }) => getActivationParams(link, { signal }),
    // The QR code's secret must not change under the user while they scan it.
    staleTime: Infinity,
    gcTime: 0,
  });

export const useActivationParams = (link: ActivationLink) => useQuery(activationParamsQueryOptions(link));
