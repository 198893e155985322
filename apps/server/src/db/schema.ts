// Table types for Kysely, written by hand next to the migrations that create them.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamp the database fills in when omitted. */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string | null, string | null>;

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
};

export type RolesTable = {
  id: Generated<number>;
  name: string;
  can_change_all_advertisers: Generated<boolean>;
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
  sent_at: DefaultTimestamp;
  read_at: Timestamp | null;
};

export type DB = {
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  permission_dependencies: PermissionDependenciesTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  log_entries: LogEntriesTable;
  account_tokens: AccountTokensTable;
  messages: MessagesTable;
};
