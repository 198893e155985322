// Scheduled reports: a user's subscriptions to a delivery report or a statistics query,
// mailed daily or weekly at a local time. `next_run_at` lets the minute sweep read only the rows that
// may be due (an index, not every subscription); the once-per-period claim is in job_runs. The
// unsubscribe token is 256 random bits kept as they are: each mail must carry it again, and it can
// only cancel that one subscription.
import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table report_subscriptions (
      id serial primary key,
      user_id int not null references users(id) on delete cascade,
      kind varchar(12) not null check (kind in ('delivery', 'statistics')),
      campaign_id int references campaigns(id) on delete cascade,
      title varchar(200) not null,
      query jsonb not null default '{}',
      period varchar(8) not null default 'all' check (period in ('all', 'rolling', 'to_date', 'fixed')),
      date_from date,
      date_to date,
      frequency varchar(6) not null check (frequency in ('daily', 'weekly')),
      weekday smallint check (weekday between 1 and 7),
      send_time varchar(5) not null,
      unsubscribe_token varchar(64) not null unique,
      created_at timestamptz not null default now(),
      last_sent_at timestamptz,
      next_run_at timestamptz not null,
      check ((frequency = 'weekly') = (weekday is not null)),
      check ((kind = 'delivery') = (campaign_id is not null))
    );
    create index report_subscriptions_user_idx on report_subscriptions (user_id, id);
    create index report_subscriptions_campaign_idx on report_subscriptions (campaign_id);
    create index report_subscriptions_next_run_idx on report_subscriptions (next_run_at, id);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `drop table report_subscriptions;`);
}
