// PUT /api/alerts/mail_preferences/ {kinds}: the alert kinds the signed-in user wants by e-mail; the
// answer replaces the cached choices.
import { alertMailPreferencesEndpoint, type AlertMailPreferences } from '@marquee/contracts/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { alertMailPreferencesKey } from './get-alert-mail-preferences.ts';

export const saveAlertMailPreferences = (preferences: AlertMailPreferences) =>
  api.put<AlertMailPreferences>(alertMailPreferencesEndpoint, preferences);

export function useSaveAlertMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlertMailPreferences,
    onSuccess: (saved) => queryClient.setQueryData(alertMailPreferencesKey, saved),
  });
}
