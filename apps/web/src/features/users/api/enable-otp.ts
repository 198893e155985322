// POST /api/users/:id/enable_otp/ (oneself): a new secret, shown as a QR code and an otpauth URL;
// it is enrolled once a token from it is confirmed (validate-otp.ts).
import type { EnableOtpResponse } from '@marquee/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userActionPath } from './user-action.ts';

export const enableOtp = (id: number) => api.post<EnableOtpResponse>(userActionPath(id, 'enable_otp'));

export const useEnableOtp = () => useMutation({ mutationFn: enableOtp });
