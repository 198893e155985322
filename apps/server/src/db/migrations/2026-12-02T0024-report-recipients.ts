// Scheduled reports for more people than their owner: the other users a subscription is mailed to.
// Recipients are users of the app, never free addresses: each mail is made with its recipient's own
// permissions, and a disabled account stops getting it. Each recipient has an unsubscribe token of
// their own (256 random bits, as the owner's), which takes only them off the subscription.
import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table report_subscription_recipients (
      subscription_id int not null references report_subscriptions(id) on delete cascade,
      user_id int not null references users(id) on delete cascade,
      unsubscribe_token varchar(64) not null unique,
      primary key (subscription_id, user_id)
    );
    create index report_subscription_recipients_user_idx on report_subscription_recipients (user_id)
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `drop table report_subscription_recipients;`);
}
