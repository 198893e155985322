// The scheduled-report job: a due report is mailed once per period with its xlsx (a workbook
// a spreadsheet reads back) and a one-click unsubscribe, even when two server processes run the job at
// the same moment; nothing before its time or right after subscribing; weekly only from its weekday;
// no mail for a subscriber who lost the permission or was disabled; a failed send is retried.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeEach, expect, it } from 'vitest';
import { deliveryColumns } from '@marquee/contracts/delivery';
import {
  reportSubscriptionTexts as texts,
  reportSubscriptionsEndpoint as API,
  unsubscribeEndpoint,
  type ReportSubscription,
} from '@marquee/contracts/report-subscriptions';
import { statisticsColumns } from '@marquee/contracts/statistics';
import { describeBackends } from './helpers/backends.ts';
import { NOW, TODAY, day } from './helpers/campaign-factories.ts';
import { clipOf, deliveryCampaign, deliverySite } from './helpers/delivery-factories.ts';
import { asUser, permissionIds, uniq, type UserClient } from './helpers/factories.ts';
import { tempOutbox } from './helpers/mail.ts';
import { attachmentsOf, parseMime, textOf, type MimeMessage } from './helpers/mime.ts';

const outbox = tempOutbox();
const TIME_ZONE = 'Europe/Berlin';
const PUBLIC_URL = 'https://marquee.example';
/** NOW is 12:00 UTC, 14:00 in Berlin (summer time); reports go at 15:30 there, 13:30 UTC. */
const SEND = '15:30';
const sendAt = (n: number, minutes = 0) => new Date(Date.parse(`${day(n)}T13:30:00Z`) + minutes * 60_000);

/** Mails in the outbox to `to`, oldest first. */
function mailsTo(to: string): MimeMessage[] {
  if (!fs.existsSync(outbox.dir)) return [];
  return fs
    .readdirSync(outbox.dir)
    .sort()
    .map((file) => parseMime(fs.readFileSync(path.join(outbox.dir, file), 'utf8')))
    .filter((m) => m.headers.get('to') === to);
}

async function sheetRows(content: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describeBackends(
  'scheduled reports job',
  (ctx) => {
    let campaign: { id: number };
    const reader = async () => {
      const email = `${uniq('r')}@example.test`;
      return Object.assign(await asUser(ctx, ['list_eventstatistic'], { email }), { email });
    };
    const subscribe = async (client: UserClient, body: object) => {
      const res = await client.post(API, { frequency: 'daily', time: SEND, ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<ReportSubscription>();
    };
    const deliveryOf = (client: UserClient) => subscribe(client, { kind: 'delivery', campaign: campaign.id });
    const run = (now: Date) => ctx.app.runScheduledReports(now);

    beforeEach(async () => {
      // Every run reads every due subscription: each test starts with none.
      await ctx.db.deleteFrom('report_subscriptions').execute();
      if (!campaign) {
        const site = await deliverySite(ctx.db, { devices: [{ since: `${day(-3)}T00:00:00Z` }] });
        campaign = await deliveryCampaign(ctx.db, {
          clip: await clipOf(ctx.db, 10),
          sites: [site],
          start: day(-2),
          end: day(5),
        });
      }
    });

    it('mails the delivery report as xlsx once per day, even with two processes at the same moment', async () => {
      const user = await reader();
      const s = await deliveryOf(user);
      const second = await ctx.buildApp({ ...ctx.config });
      expect(await run(sendAt(0, -1))).toEqual({ sent: 0, skipped: 0, failed: 0 });
      const results = await Promise.all(
        [ctx.app, second, ctx.app, second].map((app) => app.runScheduledReports(sendAt(0))),
      );
      expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(1);
      expect(await run(sendAt(0, 300))).toEqual({ sent: 0, skipped: 0, failed: 0 });
      const [mail, ...more] = mailsTo(user.email);
      expect(more).toHaveLength(0);
      expect(mail!.headers.get('subject')).toBe(texts.mailSubject(s.title));
      const token = (
        await ctx.db
          .selectFrom('report_subscriptions')
          .select('unsubscribe_token')
          .where('id', '=', s.id)
          .executeTakeFirstOrThrow()
      ).unsubscribe_token;
      expect(mail!.headers.get('list-unsubscribe')).toBe(`<${PUBLIC_URL}${unsubscribeEndpoint(token)}>`);
      expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const text = textOf(mail!);
      expect(text).toContain(`${PUBLIC_URL}/unsubscribe/${token}`);
      expect(text).toContain('Days covered: the whole run of the campaign so far.');
      expect(text).toContain(`You receive it every day at ${SEND} (${TIME_ZONE}).`);
      expect(text).toContain(`as of ${TODAY} ${SEND} (${TIME_ZONE})`);

      const [file] = attachmentsOf(mail!);
      expect(file!.filename).toBe(`Delivery_of_${s.campaign_name}-${TODAY}.xlsx`.replace(/[^A-Za-z0-9._-]+/g, '_'));
      expect(file!.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const rows = await sheetRows(file!.content);
      expect(rows[0]).toEqual(deliveryColumns('location,day').map((c) => c.label));
      // One row per day of the run so far at the one location.
      expect(rows.length).toBe(1 + 3);
      expect((await user.page<ReportSubscription>(API)).results[0]!.last_sent_at).toBe(sendAt(0).toISOString());

      // The next day's period: one more mail after its time.
      expect((await run(sendAt(1, -1))).sent).toBe(0);
      expect((await run(sendAt(1))).sent).toBe(1);
      expect(mailsTo(user.email)).toHaveLength(2);
    });

    it('a statistics query goes with its filters and its rolling days', async () => {
      const user = await reader();
      await subscribe(user, {
        kind: 'statistics',
        title: 'Plays by product',
        query: { group_by: 'product', ordering: '-plays' },
        period: 'rolling',
        date__gte: day(-6),
        date__lte: TODAY,
      });
      expect((await run(sendAt(2))).sent).toBe(1);
      const [mail] = mailsTo(user.email);
      expect(textOf(mail!)).toContain(
        `Days covered: the last 7 days up to the day of sending (${day(-4)} to ${day(2)}).`,
      );
      const [file] = attachmentsOf(mail!);
      expect(file!.filename).toBe(`Plays_by_product-${day(2)}.xlsx`);
      expect((await sheetRows(file!.content))[0]).toEqual(statisticsColumns(['product']).map((c) => c.label));
    });

    it("subscribed after today's time: first mailed tomorrow; weekly: from its weekday on, once a week", async () => {
      const late = await reader();
      // NOW (14:00 in Berlin) is before 15:30: to test "after", subscribe at 13:00.
      await subscribe(late, { kind: 'delivery', campaign: campaign.id, time: '13:00' });
      expect((await run(sendAt(0))).sent).toBe(0);
      expect((await run(new Date(`${day(1)}T11:00:00Z`))).sent).toBe(1);

      const weekly = await reader();
      // TODAY (2030-06-15) is a Saturday; the report goes on Mondays.
      await subscribe(weekly, { kind: 'delivery', campaign: campaign.id, frequency: 'weekly', weekday: 1 });
      expect((await run(sendAt(1))).sent).toBe(0);
      expect(mailsTo(weekly.email)).toHaveLength(0);
      await run(sendAt(2, -1));
      expect(mailsTo(weekly.email)).toHaveLength(0);
      await run(sendAt(2));
      await run(sendAt(3));
      await run(sendAt(8, -1));
      expect(mailsTo(weekly.email)).toHaveLength(1);
      await run(sendAt(9));
      expect(mailsTo(weekly.email)).toHaveLength(2);
    });

    it('no mail for a subscriber who lost the permission or was disabled; the period is passed, not retried', async () => {
      const user = await reader();
      await deliveryOf(user);
      const [permission] = await permissionIds(ctx.db, ['list_eventstatistic']);
      await ctx.db.deleteFrom('role_permissions').where('role_id', '=', user.user.roleId!).execute();
      expect(await run(sendAt(0))).toEqual({ sent: 0, skipped: 1, failed: 0 });
      await ctx.db
        .insertInto('role_permissions')
        .values({ role_id: user.user.roleId!, permission_id: permission! })
        .execute();
      expect(await run(sendAt(0, 10))).toEqual({ sent: 0, skipped: 0, failed: 0 });
      expect(mailsTo(user.email)).toHaveLength(0);
      expect((await run(sendAt(1))).sent).toBe(1);

      await ctx.db.updateTable('users').set({ is_active: false }).where('id', '=', user.user.id).execute();
      expect(await run(sendAt(2))).toEqual({ sent: 0, skipped: 1, failed: 0 });
      expect(mailsTo(user.email)).toHaveLength(1);
    });

    it('a report that cannot be sent gives its claim back, and the next sweep sends it', async () => {
      const user = await reader();
      const s = await deliveryOf(user);
      // Nothing listens on port 9: the mail cannot go.
      const broken = await ctx.buildApp({ ...ctx.config, mail: { ...outbox.mail, smtpUrl: 'smtp://127.0.0.1:9' } });
      expect(await broken.runScheduledReports(sendAt(0))).toEqual({ sent: 0, skipped: 0, failed: 1 });
      const claims = await ctx.db.selectFrom('job_runs').select('period').where('job', '=', `report:${s.id}`).execute();
      expect(claims).toEqual([]);
      expect(await run(sendAt(0, 1))).toEqual({ sent: 1, skipped: 0, failed: 0 });
      expect(mailsTo(user.email)).toHaveLength(1);
    });
  },
  { config: { now: () => NOW, timeZone: TIME_ZONE, publicUrl: PUBLIC_URL, mail: outbox.mail } },
);
