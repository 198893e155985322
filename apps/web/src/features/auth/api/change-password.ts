// POST /api/auth/password_change/ {old_password, password} for the signed-in user.
import { passwordChangeEndpoint } from '@marquee/contracts/resources';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type ChangePasswordInput = { old_password: string; password: string };

export const changePassword = (input: ChangePasswordInput) =>
  // The form shows every 400 itself: field errors on their fields, the rest as one message.
  api.post<unknown>(passwordChangeEndpoint, input, { formErrors: true, quietStatuses: [400, 404, 429] });

/** The server tells the user by a message; the query client refreshes the unread count after it. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
