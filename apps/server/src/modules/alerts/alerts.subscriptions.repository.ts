// SQL of alert subscriptions: one row per user and alert kind (scope, message, mail); a kind without a
// row is the default ("mine", by message). Also what the account page shows beside them: how many
// locations the user manages.
import {
  ALERT_KINDS,
  defaultAlertSubscription,
  type AlertKind,
  type AlertSubscription,
} from '@marquee/contracts/alerts';
import type { Database } from '../../db/database.ts';

export const alertSubscriptionsRepository = {
  /** Every kind with the user's subscription (the default where they chose none), in the contracts' order. */
  async ofUser(db: Database, userId: number): Promise<AlertSubscription[]> {
    const rows = await db
      .selectFrom('alert_subscriptions')
      .select(['kind', 'scope', 'message', 'mail'])
      .where('user_id', '=', userId)
      .execute();
    const byKind = new Map(rows.map((r) => [r.kind, r]));
    return ALERT_KINDS.map((kind) => {
      const row = byKind.get(kind);
      return row ? { kind, scope: row.scope, message: row.message, mail: row.mail } : defaultAlertSubscription(kind);
    });
  },

  async managedLocations(db: Database, userId: number): Promise<number> {
    const row = await db
      .selectFrom('location_managers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Writes the given kinds' subscriptions (the others stay as they are). */
  async save(db: Database, userId: number, subscriptions: AlertSubscription[]): Promise<void> {
    if (!subscriptions.length) return;
    await db
      .insertInto('alert_subscriptions')
      .values(subscriptions.map(({ kind, scope, message, mail }) => ({ user_id: userId, kind, scope, message, mail })))
      .onConflict((oc) =>
        oc.columns(['user_id', 'kind']).doUpdateSet((eb) => ({
          scope: eb.ref('excluded.scope'),
          message: eb.ref('excluded.message'),
          mail: eb.ref('excluded.mail'),
        })),
      )
      .execute();
  },
};

/** Subscribes the user to every alert kind of the whole network, by message and e-mail (the
 * administrator and the demo Network operator on a new database). */
export async function subscribeToWholeNetwork(db: Database, userId: number, kinds: readonly AlertKind[] = ALERT_KINDS) {
  await alertSubscriptionsRepository.save(
    db,
    userId,
    kinds.map((kind) => ({ kind, scope: 'all', message: true, mail: true })),
  );
}
