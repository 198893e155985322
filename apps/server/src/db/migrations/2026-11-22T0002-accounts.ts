// Accounts: activation state and pending one-time-token enrolment of users, single-use account
// tokens (activation links and password resets, stored as sha256 only) and messages to users.
import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table users add column is_activated boolean not null default false;
    alter table users add column otp_pending_secret text;
    update users set is_activated = true where password_hash <> '';
    create table account_tokens (
      id serial primary key,
      user_id int not null references users(id) on delete cascade,
      kind varchar(20) not null,
      token_hash char(64) not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index account_tokens_user_idx on account_tokens (user_id, kind);
    create table messages (
      id serial primary key,
      user_id int not null references users(id) on delete cascade,
      importance varchar(10) not null,
      content text not null,
      sent_at timestamptz not null default now(),
      read_at timestamptz
    );
    create index messages_user_sent_idx on messages (user_id, sent_at desc, id desc);
    create index messages_user_unread_idx on messages (user_id) where read_at is null;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table messages, account_tokens`.execute(db);
  await sql`alter table users drop column otp_pending_secret, drop column is_activated`.execute(db);
}
