// Who hears of an alert and how: a message (the existing Messages screen) to each recipient when an
// incident opens and when it closes, and one e-mail when it opens to the recipients who chose that kind
// on their account page. Device alerts go to the location's managers; campaign alerts to the
// campaign's author and the campaign managers of its locations.
import type { FastifyBaseLogger } from 'fastify';
import { isDeviceAlert, type AlertKind } from '@marquee/contracts/alerts';
import type { MessageImportance } from '@marquee/contracts/messages';
import type { Database } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { sendMessage } from '../messages/messages.service.ts';

export type Recipient = { id: number; email: string; mailKinds: string[] };

/** The active users an alert goes to. */
export async function recipientsOf(
  db: Database,
  alert: { kind: AlertKind; location_id: number | null; campaign_id: number | null },
): Promise<Recipient[]> {
  const users = db
    .selectFrom('users')
    .select(['users.id', 'users.email', 'users.alert_mail_kinds'])
    .where('users.is_active', '=', true);
  const rows = isDeviceAlert(alert.kind)
    ? await users
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('location_managers as lm')
              .select('lm.user_id')
              .whereRef('lm.user_id', '=', 'users.id')
              .where('lm.location_id', '=', alert.location_id ?? 0),
          ),
        )
        .orderBy('users.id')
        .execute()
    : await users
        .where(({ or, eb, exists, selectFrom }) =>
          or([
            eb(
              'users.id',
              '=',
              selectFrom('campaigns')
                .select('campaigns.created_by')
                .where('campaigns.id', '=', alert.campaign_id ?? 0),
            ),
            exists(
              selectFrom('location_campaign_managers as lcm')
                .innerJoin('campaign_locations as cl', 'cl.location_id', 'lcm.location_id')
                .select('lcm.user_id')
                .whereRef('lcm.user_id', '=', 'users.id')
                .where('cl.campaign_id', '=', alert.campaign_id ?? 0),
            ),
          ]),
        )
        .orderBy('users.id')
        .execute();
  return rows.map((r) => ({ id: r.id, email: r.email, mailKinds: r.alert_mail_kinds ?? [] }));
}

/** Sends the message to every recipient (inside the caller's transaction). */
export async function messageAll(
  db: Database,
  recipients: Recipient[],
  importance: MessageImportance,
  content: string,
): Promise<void> {
  for (const r of recipients) await sendMessage(db, { userId: r.id, importance, content });
}

/** Mails the recipients who chose the kind (after the commit: a failed mail is logged, never undoes
 * the alert). */
export async function mailAll(
  mailer: Mailer | undefined,
  log: FastifyBaseLogger | undefined,
  kind: AlertKind,
  recipients: Recipient[],
  mail: { subject: string; text: string },
): Promise<void> {
  if (!mailer) return;
  for (const r of recipients) {
    if (!r.email || !r.mailKinds.includes(kind)) continue;
    await mailer.send({ to: r.email, ...mail }).catch((err: unknown) => log?.error({ err }, 'alert mail failed'));
  }
}
