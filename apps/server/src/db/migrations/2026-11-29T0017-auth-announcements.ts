// The tables a session's check is made of announce their changes: a server process keeps
// the sessions it has checked while it listens to these announcements (access/session-cache.ts), so
// a change made anywhere (another process, a tool, psql) must reach it. Statement triggers, one NOTIFY
// per statement on marquee_auth with the table's schema (other installations on the same database
// listen to their own). A new session changes no kept answer and a renewal only makes one later,
// so sessions announce deletes, and updates that shorten a session or move it; the other tables every
// change. PGlite runs the triggers too, and nobody listens.
import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

/** The tables whose every change is announced (sessions has triggers of its own below): AUTH_TABLES of
 * access/session-cache.ts as it is when this migration was written (a migration never changes with
 * the code; test/session-cache.test.ts checks that the triggers and AUTH_TABLES agree). */
const TABLES = [
  'users',
  'user_roles',
  'roles',
  'role_permissions',
  'permissions',
  'permission_dependencies',
  'location_managers',
  'location_campaign_managers',
  'advertiser_managers',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement of its own: execStatements would split the function's body at its semicolons.
  await sql`
    create function marquee_auth_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('marquee_auth', tg_table_schema);
      return null;
    end
    $$`.execute(db);
  await execStatements(
    db,
    `
    ${TABLES.map(
      (t) => `create trigger ${t}_auth_changed after insert or update or delete or truncate on ${t}
      for each statement execute function marquee_auth_changed();`,
    ).join('\n')}
    create trigger sessions_auth_changed after delete or truncate on sessions
      for each statement execute function marquee_auth_changed();
    create trigger sessions_auth_shortened after update on sessions for each row
      when (new.expires_at < old.expires_at or new.user_id <> old.user_id or new.id_hash <> old.id_hash)
      execute function marquee_auth_changed()
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ${TABLES.map((t) => `drop trigger ${t}_auth_changed on ${t};`).join('\n')}
    drop trigger sessions_auth_changed on sessions;
    drop trigger sessions_auth_shortened on sessions;
    drop function marquee_auth_changed()
  `,
  );
}
