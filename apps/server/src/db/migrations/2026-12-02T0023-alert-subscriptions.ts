// Who hears of which alerts: a subscription per user and alert kind, for the locations the user
// manages ("mine") or the whole network ("all"), by message and/or e-mail. The per-user list of
// kinds to mail (users.alert_mail_kinds) becomes "mine" subscriptions with mail on. Alert messages
// carry links (the alert, the screen), and an acknowledgement may carry a note.
import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table alert_subscriptions (
      user_id int not null references users(id) on delete cascade,
      kind varchar(32) not null,
      scope varchar(8) not null check (scope in ('mine', 'all')),
      message boolean not null default true,
      mail boolean not null default false,
      primary key (user_id, kind)
    );
    create index alert_subscriptions_all on alert_subscriptions (kind) where scope = 'all';
    alter table messages add column links jsonb not null default '[]';
    alter table alerts add column acknowledge_note text`,
  );
  await sql`
    insert into alert_subscriptions (user_id, kind, scope, message, mail)
    select u.id, k.kind, 'mine', true, true
    from users u cross join lateral unnest(u.alert_mail_kinds) as k(kind)
    on conflict do nothing`.execute(db);
  await sql`alter table users drop column alert_mail_kinds`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column alert_mail_kinds text[] not null default '{}'`.execute(db);
  await sql`
    update users u set alert_mail_kinds = array(
      select s.kind from alert_subscriptions s where s.user_id = u.id and s.mail order by s.kind)`.execute(db);
  await execStatements(
    db,
    `
    drop table alert_subscriptions;
    alter table messages drop column links;
    alter table alerts drop column acknowledge_note`,
  );
}
