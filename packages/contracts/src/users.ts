// Users: accounts, activation, one-time tokens and passwords.
import { z } from 'zod';
import { id, listQuery } from './common.ts';
import { OTP_LENGTH } from './constants.ts';

export const USERNAME_PATTERN = /^[\w.@+-]+$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const user = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  /** Role ids. */
  roles: z.array(z.number().int()),
  /** The roles by name (for whoever may not list roles, e.g. on their own account page). */
  roles_data: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The user must activate the account (set a password) through the mailed link. */
  require_activation: z.boolean(),
  /** The user must enrol a one-time token at activation. */
  require_2fa: z.boolean(),
  /** A one-time token is enrolled: sign-in requires it. */
  otp_enabled: z.boolean(),
  /** The user has set a password (activated, or created with one). */
  is_activated: z.boolean(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
  /** URL of the active picture (`/api/media/images/<id>/`), or null. */
  image: z.string().nullable(),
  /** Locations the user manages (may change). */
  locations: z.array(z.number().int()),
  /** Locations the user may send campaigns to. */
  campaign_locations: z.array(z.number().int()),
  /** Advertisers the user manages (unneeded with a role that may change all advertisers). */
  advertisers: z.array(z.number().int()),
});
export type User = z.infer<typeof user>;

/** A user as other objects list them (managers of a location or an advertiser). */
export const userRef = z.object({ id: z.number().int(), username: z.string(), full_name: z.string() });
export type UserRef = z.infer<typeof userRef>;

/** In a user's `_permissions`: the viewer may switch off require_2fa and remove the one-time token of
 * that account (whoever may change the account, never its owner: the superuser alone, with nobody above
 * it, manages its own). */
export const SECOND_FACTOR_ACTION = 'second_factor';
export const SECOND_FACTOR_PERMISSION = `${SECOND_FACTOR_ACTION}_user`;

export const userInput = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(150)
    .regex(USERNAME_PATTERN, 'Letters, digits and @/./+/-/_ only.'),
  full_name: z.string().trim().max(150).optional(),
  email: z.union([z.literal(''), z.string().trim().email('Enter a valid email address.').max(254)]).optional(),
  roles: z.array(id).max(100).optional(),
  locations: z.array(id).max(10000).optional(),
  campaign_locations: z.array(id).max(10000).optional(),
  advertisers: z.array(id).max(10000).optional(),
  require_activation: z.boolean().optional(),
  require_2fa: z.boolean().optional(),
});
export type UserInput = z.infer<typeof userInput>;

export const userQuery = listQuery.extend({ search: z.string().max(150).optional() });
export const userOrdering = ['username', 'full_name', 'id', 'date_joined', 'last_login'] as const;

/** An entry of the user's event log: the audit entries that user made. */
export const userEvent = z.object({
  id: z.number().int(),
  action_time: z.string(),
  action_flag: z.number().int(),
  action_name: z.string(),
  model: z.string(),
  object_repr: z.string(),
  change_message: z.string(),
});
export type UserEvent = z.infer<typeof userEvent>;

export const otpToken = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), 'Token should consist of 6 digits!');

export const enableOtpResponse = z.object({
  /** PNG data URL of the QR code of `otp_url`. */
  qr_url: z.string(),
  /** otpauth:// URL for authenticator apps. */
  otp_url: z.string(),
});
export type EnableOtpResponse = z.infer<typeof enableOtpResponse>;

export const validateOtpBody = z.object({ token: otpToken });

export const activationQuery = z.object({ key: z.string().min(1).max(64), hash: z.string().min(1).max(128) });
export const activationParams = z.object({
  username: z.string(),
  require_2fa: z.boolean(),
  /** Present when require_2fa: the token to enrol at activation. */
  qr_url: z.string().nullable(),
  otp_url: z.string().nullable(),
});
export type ActivationParams = z.infer<typeof activationParams>;

export const activateBody = z.object({
  key: z.string().min(1).max(64),
  hash: z.string().min(1).max(128),
  password: z.string().max(PASSWORD_MAX_LENGTH),
  token: z.string().trim().optional(),
});
export type ActivateBody = z.infer<typeof activateBody>;

export const passwordChangeBody = z.object({
  old_password: z.string().min(1, 'This field is required.').max(1024),
  password: z.string().max(PASSWORD_MAX_LENGTH),
});
export const passwordResetRequestBody = z.object({ username: z.string().trim().min(1).max(150) });
export const passwordResetBody = z.object({
  token: z.string().min(1).max(200),
  password: z.string().max(PASSWORD_MAX_LENGTH),
});

/** A few of the most common passwords; the server checks a longer list. */
export const COMMON_PASSWORDS = [
  'password',
  'password1',
  'password123',
  '12345678',
  '123456789',
  '1234567890',
  'qwertyuiop',
  'qwerty123',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'admin123',
  'letmein1',
  'abc12345',
  'trustno1',
  'superman',
  'starwars',
  'passw0rd',
  '11111111',
  '00000000',
  '87654321',
  'asdfghjk',
  'zaq12wsx',
  'qwerty12',
  'monkey12',
  'dragon12',
  'master12',
  'changeme',
  'administrator',
  'marquee1',
  'marquee123',
];

/** The rules `passwordProblem` applies, as the password fields state them before anything fails. */
export const passwordRules: readonly string[] = [
  `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
  'not only digits',
  'not a common password',
  'not like your username',
];

/** Why a password is refused, or null when it is acceptable. Shared by server and web. */
export function passwordProblem(password: string, username = ''): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `This password is too long. It may contain at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (/^\d+$/.test(password)) return 'This password is entirely numeric.';
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.includes(lower)) return 'This password is too common.';
  const name = username.toLowerCase();
  if (name.length >= 3 && (lower.includes(name) || (lower.length >= 3 && name.includes(lower)))) {
    return 'The password is too similar to the username.';
  }
  return null;
}
