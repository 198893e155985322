// POST /api/auth/password_change/ {old_password, password} for the signed-in user.
import { passwordChangeEndpoint } from '@marquee/contracts/resources';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/resources.ts';

export type ChangePasswordInput = { old_password: string; password: string };

export const changePassword = (input: ChangePasswordInput) =>
  // The form shows every 400 itself: field errors on their fields, the rest as one message.
  api.post<unknown>(passwordChangeEndpoint, input, { formErrors: true, quietStatuses: [400, 404, 429] });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The server tells the user by a message: the menu's unread count shows it at once.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.all('messages') }),
  });
}
