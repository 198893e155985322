// GET /api/alerts/mail_preferences/: the alert kinds the signed-in user gets by e-mail (own account only).
import { alertMailPreferencesEndpoint, type AlertMailPreferences } from '@marquee/contracts/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/resources.ts';

export const alertMailPreferencesKey = [...queryKeys.all('alerts'), 'mail_preferences'] as const;

export const alertMailPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: alertMailPreferencesKey,
    queryFn: ({ signal }) => api.get<AlertMailPreferences>(alertMailPreferencesEndpoint, { signal, background: true }),
  });

export const useAlertMailPreferences = () => useQuery(alertMailPreferencesQueryOptions());
