// Sign-in, sign-out and the current user.
import { z } from 'zod';
import { OTP_LENGTH } from './constants.ts';

export const loginBody = z.object({
  username: z.string().trim().min(1).max(150),
  password: z.string().min(1).max(1024),
  /** 6-digit one-time token, required when the user has one enabled. */
  token: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  csrfmiddlewaretoken: z.string().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const userInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  /** The server's time zone (TIME_ZONE): screens show times in it and date filters mean its days. */
  time_zone: z.string(),
  /** Every permission the user holds (effective, dependents included), for menus. */
  _permissions: z.array(z.string()),
  /** Present (true) while the user must enrol a one-time token (require_2fa without one): until
   * then every other call answers 403. Absent otherwise, which older clients and fixtures keep. */
  must_enrol_token: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof userInfo>;

export { SESSION_COOKIE, CSRF_COOKIE, CSRF_HEADER, EXPIRE_HEADER, VERSION_HEADER } from './constants.ts';
