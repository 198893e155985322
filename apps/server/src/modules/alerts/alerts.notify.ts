// Who hears of an alert and how: a message (the Messages screen) to each recipient when an incident
// opens and when it closes, and one e-mail when it opens, both linking to the alert and its screen.
// Recipients follow their subscription to the alert's kind (alert_subscriptions; without one, "mine"
// by message): scope "all" — for whoever holds an alert permission — hears of the whole network;
// everyone hears of what concerns them: device alerts at the locations they manage, campaign alerts
// of the campaigns they created or send to their locations.
import type { FastifyBaseLogger } from 'fastify';
import { alertLinks, alertTexts, isDeviceAlert, type AlertKind } from '@marquee/contracts/alerts';
import type { MessageImportance, MessageLink } from '@marquee/contracts/messages';
import { resources } from '@marquee/contracts/resources';
import type { Database } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { sendMessage } from '../messages/messages.service.ts';

export type Recipient = { id: number; email: string; message: boolean; mail: boolean };

/** The active users an alert goes to, each with how (message, mail). */
export async function recipientsOf(
  db: Database,
  alert: { kind: AlertKind; location_id: number | null; campaign_id: number | null },
): Promise<Recipient[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('alert_subscriptions as s', (join) =>
      join.onRef('s.user_id', '=', 'users.id').on('s.kind', '=', alert.kind),
    )
    .select(['users.id', 'users.email', 's.message', 's.mail'])
    .where('users.is_active', '=', true)
    .where(({ or, and, eb, exists, selectFrom }) => {
      // Holds an alert permission (any implies list_alert) or a superuser role.
      const mayListAlerts = exists(
        selectFrom('user_roles as ur')
          .innerJoin('roles as r', 'r.id', 'ur.role_id')
          .select('ur.user_id')
          .whereRef('ur.user_id', '=', 'users.id')
          .where((w) =>
            w.or([
              w('r.is_superuser', '=', true),
              w.exists(
                w
                  .selectFrom('role_permissions as rp')
                  .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
                  .select('rp.role_id')
                  .whereRef('rp.role_id', '=', 'r.id')
                  .where('p.model', '=', resources.alerts.model_name),
              ),
            ]),
          ),
      );
      const concerned = isDeviceAlert(alert.kind)
        ? exists(
            selectFrom('location_managers as lm')
              .select('lm.user_id')
              .whereRef('lm.user_id', '=', 'users.id')
              .where('lm.location_id', '=', alert.location_id ?? 0),
          )
        : or([
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
          ]);
      return or([and([eb('s.scope', '=', 'all'), mayListAlerts]), concerned]);
    })
    .orderBy('users.id')
    .execute();
  return rows
    .map((r) => ({ id: r.id, email: r.email, message: r.message ?? true, mail: r.mail ?? false }))
    .filter((r) => r.message || r.mail);
}

/** The pages an alert's message and mail link to: the alert, and its screen when it has one. */
export function alertLinksOf(alert: { id: number; device?: number | null }): MessageLink[] {
  return [
    { label: alertTexts.linkAlert, path: alertLinks.alert(alert.id) },
    ...(alert.device != null ? [{ label: alertTexts.linkScreen, path: alertLinks.screen(alert.device) }] : []),
  ];
}

/** Sends the message to every recipient who takes messages (inside the caller's transaction). */
export async function messageAll(
  db: Database,
  recipients: Recipient[],
  importance: MessageImportance,
  content: string,
  links: MessageLink[] = [],
): Promise<void> {
  for (const r of recipients) {
    if (r.message) await sendMessage(db, { userId: r.id, importance, content, links });
  }
}

/** Mails the recipients who take mails of the kind (after the commit: a failed mail is logged, never
 * undoes the alert); `links` (with `publicUrl`, the app's address) end the text. */
export async function mailAll(
  mailer: Mailer | undefined,
  log: FastifyBaseLogger | undefined,
  _kind: AlertKind,
  recipients: Recipient[],
  mail: { subject: string; text: string; links?: MessageLink[]; publicUrl?: string },
): Promise<void> {
  if (!mailer) return;
  const { subject, links = [], publicUrl = '' } = mail;
  const text = links.length
    ? `${mail.text}\n\n${alertTexts.mailLinks(links.map((l) => ({ label: l.label, url: `${publicUrl}${l.path}` })))}\n`
    : mail.text;
  for (const r of recipients) {
    if (!r.email || !r.mail) continue;
    await mailer.send({ to: r.email, subject, text }).catch((err: unknown) => log?.error({ err }, 'alert mail failed'));
  }
}
