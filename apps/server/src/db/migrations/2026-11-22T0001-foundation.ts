// Users, roles, the permission catalogue, sessions, login throttling and the audit log.
import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';
import { syncPermissionCatalogue } from '../permission-catalogue.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table users (
      id serial primary key,
      username varchar(150) not null unique,
      password_hash text not null,
      full_name varchar(150) not null default '',
      email varchar(254) not null default '',
      is_active boolean not null default true,
      otp_secret text,
      otp_enabled boolean not null default false,
      otp_last_step bigint,
      require_activation boolean not null default true,
      require_2fa boolean not null default true,
      date_joined timestamptz not null default now(),
      last_login timestamptz
    );
    create table roles (
      id serial primary key,
      name varchar(150) not null unique,
      can_change_all_advertisers boolean not null default false,
      is_superuser boolean not null default false
    );
    create table permissions (
      id serial primary key,
      codename varchar(100) not null unique,
      name varchar(255) not null,
      model varchar(100) not null
    );
    create index permissions_model_idx on permissions (model, id);
    create table permission_dependencies (
      permission_id int not null references permissions(id) on delete cascade,
      dependent_id int not null references permissions(id) on delete cascade,
      primary key (permission_id, dependent_id)
    );
    create table role_permissions (
      role_id int not null references roles(id) on delete cascade,
      permission_id int not null references permissions(id) on delete cascade,
      primary key (role_id, permission_id)
    );
    create table user_roles (
      user_id int not null references users(id) on delete cascade,
      role_id int not null references roles(id) on delete cascade,
      primary key (user_id, role_id)
    );
    create index user_roles_role_idx on user_roles (role_id);
    create table sessions (
      id_hash char(64) primary key,
      user_id int not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      ip varchar(64),
      user_agent text
    );
    create index sessions_user_idx on sessions (user_id);
    create index sessions_expires_idx on sessions (expires_at);
    create table login_throttle (
      key varchar(300) primary key,
      failures int not null,
      window_start timestamptz not null,
      locked_until timestamptz,
      locks int not null default 0
    );
    create table log_entries (
      id bigserial primary key,
      action_time timestamptz not null default now(),
      user_id int references users(id) on delete set null,
      model varchar(100) not null,
      object_id varchar(100),
      object_repr varchar(200) not null,
      change_message text not null default '',
      action_flag smallint not null,
      before jsonb,
      after jsonb
    );
    create index log_entries_time_idx on log_entries (action_time desc, id desc);
    create index log_entries_flag_time_idx on log_entries (action_flag, action_time desc, id desc);
    create index log_entries_object_idx on log_entries (model, object_id);
    create index log_entries_user_idx on log_entries (user_id, action_time desc);
  `,
  );
  await syncPermissionCatalogue(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table log_entries, login_throttle, sessions, user_roles, role_permissions,
    permission_dependencies, permissions, roles, users`.execute(db);
}
