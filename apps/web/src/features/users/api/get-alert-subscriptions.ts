// GET /api/alerts/subscriptions/: the signed-in user's alert subscriptions (a scope and message/e-mail
// per kind) and how many locations they manage.
import { alertSubscriptionsEndpoint, type AlertSubscriptions } from '@marquee/contracts/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/resources.ts';

export const alertSubscriptionsKey = [...queryKeys.all('alerts'), 'subscriptions'] as const;

export const alertSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: alertSubscriptionsKey,
    queryFn: ({ signal }) => api.get<AlertSubscriptions>(alertSubscriptionsEndpoint, { signal, background: true }),
  });

export const useAlertSubscriptions = () => useQuery(alertSubscriptionsQueryOptions());
