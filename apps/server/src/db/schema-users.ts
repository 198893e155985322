// Table types of the people who use Marquee: users, roles and permissions, sessions and sign-in
// throttling, account tokens, their messages and the audit log.
import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp, Json, Timestamp } from './schema-columns.ts';

export type UsersTable = {
  id: Generated<number>;
  username: string;
  password_hash: string;
  full_name: Generated<string>;
  email: Generated<string>;
  is_active: Generated<boolean>;
  otp_secret: string | null;
  otp_enabled: Generated<boolean>;
  /** Last accepted TOTP time step, so a token is accepted once. */
  otp_last_step: number | null;
  /** A password has been set (activated, reset, or created with one). */
  is_activated: Generated<boolean>;
  /** Secret of a one-time-token enrolment that was started but not yet validated. */
  otp_pending_secret: string | null;
  require_activation: Generated<boolean>;
  require_2fa: Generated<boolean>;
  date_joined: DefaultTimestamp;
  last_login: Timestamp | null;
  /** Alert kinds the user gets by e-mail. */
};

export type RolesTable = {
  id: Generated<number>;
  name: string;
  can_change_all_advertisers: Generated<boolean>;
  can_view_all_advertisers: Generated<boolean>;
  is_superuser: Generated<boolean>;
};

export type PermissionsTable = {
  id: Generated<number>;
  codename: string;
  name: string;
  model: string;
};

export type PermissionDependenciesTable = { permission_id: number; dependent_id: number };
export type RolePermissionsTable = { role_id: number; permission_id: number };
export type UserRolesTable = { user_id: number; role_id: number };

export type SessionsTable = {
  /** sha256 of the cookie value; the value itself is never stored. */
  id_hash: string;
  user_id: number;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
};

export type LoginThrottleTable = {
  /** `account:<username>` or `address:<ip>`. */
  key: string;
  failures: number;
  window_start: Timestamp;
  locked_until: Timestamp | null;
  /** How many locks in a row, for a growing but capped lock time. */
  locks: Generated<number>;
};

export type LogEntriesTable = {
  id: Generated<number>;
  action_time: DefaultTimestamp;
  user_id: number | null;
  model: string;
  object_id: string | null;
  object_repr: string;
  change_message: Generated<string>;
  action_flag: number;
  before: Json;
  after: Json;
};

export type AccountTokensTable = {
  id: Generated<number>;
  user_id: number;
  kind: 'activation' | 'reset';
  /** sha256 of the token; the token itself is only in the mailed link. */
  token_hash: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};

export type MessagesTable = {
  id: Generated<number>;
  user_id: number;
  importance: 'info' | 'warning' | 'critical';
  content: string;
  /** In-app links the message names ([{label, path}], JSON). */
  links: ColumnType<unknown, string | undefined, string>;
  sent_at: DefaultTimestamp;
  read_at: Timestamp | null;
};
