// PUT /api/alerts/subscriptions/ {subscriptions}: saves the signed-in user's alert subscriptions; the
// answer replaces the cached ones.
import {
  alertSubscriptionsEndpoint,
  type AlertSubscriptions,
  type AlertSubscriptionsInput,
} from '@marquee/contracts/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { alertSubscriptionsKey } from './get-alert-subscriptions.ts';

export const saveAlertSubscriptions = (input: AlertSubscriptionsInput) =>
  api.put<AlertSubscriptions>(alertSubscriptionsEndpoint, input);

export function useSaveAlertSubscriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlertSubscriptions,
    onSuccess: (saved) => queryClient.setQueryData(alertSubscriptionsKey, saved),
  });
}
