// Scheduled reports mailed to other users of the app: only who may list users chooses them (403
// otherwise), each must be an active user with an address who may read the report (400 naming who
// is wrong, at most 20); the list names them; each recipient's mail is made with their own
// permissions and carries their own unsubscribe link, which takes only them off; a retry after a
// failed send mails only who is still missing.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import {
  REPORT_RECIPIENTS_MAX,
  reportSubscriptionTexts as texts,
  reportSubscriptionsEndpoint as API,
  unsubscribeEndpoint,
  type ReportSubscription,
} from '@marquee/contracts/report-subscriptions';
import { describeBackends } from './helpers/backends.ts';
import { NOW, TODAY, day } from './helpers/campaign-factories.ts';
import { clipOf, deliveryCampaign, deliverySite } from './helpers/delivery-factories.ts';
import { Client, asUser, createUser, uniq, type UserClient } from './helpers/factories.ts';
import { tempOutbox } from './helpers/mail.ts';
import { attachmentsOf, parseMime, textOf, type MimeMessage } from './helpers/mime.ts';

const outbox = tempOutbox();
const TIME_ZONE = 'Europe/Berlin';
const PUBLIC_URL = 'https://marquee.example';
const READ = 'list_eventstatistic';
/** NOW is 14:00 in Berlin; reports go at 15:30 there, 13:30 UTC. */
const SEND = '15:30';
const sendAt = (n: number, minutes = 0) => new Date(Date.parse(`${day(n)}T13:30:00Z`) + minutes * 60_000);

function mailsTo(to: string): MimeMessage[] {
  if (!fs.existsSync(outbox.dir)) return [];
  return fs
    .readdirSync(outbox.dir)
    .sort()
    .map((file) => parseMime(fs.readFileSync(path.join(outbox.dir, file), 'utf8')))
    .filter((m) => m.headers.get('to') === to);
}

describeBackends(
  'report recipients',
  (ctx) => {
    let campaign: { id: number; name: string };
    const address = () => `${uniq('r')}@example.test`;
    /** A signed-in user who may read reports (and, with `listUsers`, choose other recipients). */
    const owner = async ({ listUsers = true } = {}) => {
      const email = address();
      const client = await asUser(ctx, listUsers ? [READ, 'list_user'] : [READ], { email, fullName: uniq('Owner') });
      return Object.assign(client, { email });
    };
    /** A user to mail reports to. */
    const colleague = async ({ permissions = [READ], fullName = uniq('Colleague'), email = address() } = {}) => ({
      ...(await createUser(ctx.db, { permissions, fullName, email })),
      email,
    });
    const delivery = (recipients: number[]) => ({
      kind: 'delivery',
      campaign: campaign.id,
      frequency: 'daily',
      time: SEND,
      recipients,
    });
    const subscribe = async (client: UserClient, body: object) => {
      const res = await client.post(API, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<ReportSubscription>();
    };
    const tokensOf = (subscriptionId: number) =>
      ctx.db
        .selectFrom('report_subscription_recipients')
        .select(['user_id', 'unsubscribe_token'])
        .where('subscription_id', '=', subscriptionId)
        .orderBy('user_id')
        .execute();
    const storedFor = async (client: UserClient) =>
      (await ctx.db.selectFrom('report_subscriptions').select('id').where('user_id', '=', client.user.id).execute())
        .length;

    beforeAll(async () => {
      const site = await deliverySite(ctx.db, { devices: [{ since: `${day(-3)}T00:00:00Z` }] });
      const made = await deliveryCampaign(ctx.db, {
        clip: await clipOf(ctx.db, 10),
        sites: [site],
        start: day(-2),
        end: day(5),
      });
      const row = await ctx.db
        .selectFrom('campaigns')
        .select('name')
        .where('id', '=', made.id)
        .executeTakeFirstOrThrow();
      campaign = { id: made.id, name: row.name };
    });

    it('401 without a session, also with recipients', async () => {
      const res = await new Client(ctx.app).post(API, delivery([1]));
      expect(res.statusCode).toBe(401);
    });

    it('403: without list_user a report goes to oneself alone; naming oneself is no other recipient', async () => {
      const user = await owner({ listUsers: false });
      const other = await colleague();
      const res = await user.post(API, delivery([other.id]));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: texts.recipientsNeedListUser });
      expect(await storedFor(user)).toBe(0);
      const own = await subscribe(user, delivery([user.user.id]));
      expect(own.recipients).toEqual([]);
    });

    it('400: too many, twice, unknown or disabled, no address, may not read the report; nothing is stored', async () => {
      const user = await owner();
      const tooMany = await user.post(
        API,
        delivery(Array.from({ length: REPORT_RECIPIENTS_MAX + 1 }, (_, i) => i + 1)),
      );
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({ recipients: [texts.tooManyRecipients] });
      const ok = await colleague();
      const twice = await user.post(API, delivery([ok.id, ok.id]));
      expect(twice.json()).toEqual({ recipients: [texts.recipientTwice] });
      for (const bad of [['x'], [0], [-3], 'all', [1.5]]) {
        expect((await user.post(API, { ...delivery([]), recipients: bad })).statusCode, JSON.stringify(bad)).toBe(400);
      }

      const disabled = await createUser(ctx.db, { permissions: [READ], email: address(), isActive: false });
      const noAddress = await colleague({ email: '', fullName: 'Nora No-Address' });
      const noPermission = await colleague({ permissions: ['list_campaign'], fullName: 'Pete Plain' });
      const res = await user.post(API, delivery([ok.id, 2_000_000_000, disabled.id, noAddress.id, noPermission.id]));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        recipients: [
          texts.recipientUnknown(2_000_000_000),
          texts.recipientUnknown(disabled.id),
          texts.recipientNoEmail('Nora No-Address'),
          texts.recipientMayNotRead('Pete Plain'),
        ],
      });

      // A delivery report's campaign the recipient may not see (advertiser isolation).
      const restricted = await colleague({ fullName: 'Rita Restricted' });
      await ctx.db
        .updateTable('roles')
        .set({ can_view_all_advertisers: false })
        .where('id', '=', restricted.roleId!)
        .execute();
      const hidden = await user.post(API, delivery([restricted.id]));
      expect(hidden.json()).toEqual({ recipients: [texts.recipientMayNotRead('Rita Restricted')] });
      // A statistics report reads only what each recipient may see: no campaign to hide.
      expect(
        (await user.post(API, { ...delivery([restricted.id]), kind: 'statistics', campaign: null })).statusCode,
      ).toBe(201);
      expect(await storedFor(user)).toBe(1);
    });

    it('stores and lists the recipients by name, with the owner left out; logged; cancelling takes them along', async () => {
      const user = await owner();
      const [zoe, adam] = [
        await colleague({ fullName: `Zoe ${uniq('z')}` }),
        await colleague({ fullName: `Adam ${uniq('a')}` }),
      ];
      const created = await subscribe(user, delivery([zoe.id, user.user.id, adam.id]));
      const expected = [
        { user: adam.id, name: adam.fullName, email: adam.email },
        { user: zoe.id, name: zoe.fullName, email: zoe.email },
      ];
      expect(created.recipients).toEqual(expected);
      expect((await user.page<ReportSubscription>(API)).results[0]!.recipients).toEqual(expected);
      const tokens = await tokensOf(created.id);
      expect(tokens.map((t) => t.user_id)).toEqual([zoe.id, adam.id].sort((a, b) => a - b));
      expect(new Set(tokens.map((t) => t.unsubscribe_token)).size).toBe(2);
      const [entry] = await ctx.db
        .selectFrom('log_entries')
        .select('after')
        .where('model', '=', 'reportsubscription')
        .where('object_id', '=', String(created.id))
        .execute();
      expect(JSON.stringify(entry!.after)).toContain(zoe.email);
      for (const t of tokens) expect(JSON.stringify(entry!.after)).not.toContain(t.unsubscribe_token);

      expect((await user.delete(`${API}${created.id}/`)).statusCode).toBe(204);
      expect(await tokensOf(created.id)).toEqual([]);
    });

    it("a recipient's link takes only them off, without a session; logged as theirs; a used link is 404", async () => {
      const user = await owner();
      const [stays, leaves] = [await colleague(), await colleague({ fullName: 'Lea Leaving' })];
      const created = await subscribe(user, delivery([stays.id, leaves.id]));
      const token = (await tokensOf(created.id)).find((t) => t.user_id === leaves.id)!.unsubscribe_token;
      const res = await ctx.app.inject({
        method: 'POST',
        url: unsubscribeEndpoint(token),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ title: created.title, kind: 'delivery' });
      const [listed] = (await user.page<ReportSubscription>(API)).results;
      expect(listed!.id).toBe(created.id);
      expect(listed!.recipients.map((r) => r.user)).toEqual([stays.id]);
      const log = await ctx.db
        .selectFrom('log_entries')
        .select(['user_id', 'action_flag', 'change_message'])
        .where('model', '=', 'reportsubscription')
        .where('object_id', '=', String(created.id))
        .orderBy('id')
        .execute();
      expect(log.at(-1)).toEqual({
        user_id: leaves.id,
        action_flag: ActionFlag.Change,
        change_message: texts.recipientUnsubscribedEntry('Lea Leaving'),
      });
      const again = await new Client(ctx.app).post(unsubscribeEndpoint(token), {}, { csrf: false });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ detail: texts.unsubscribeInvalid });
    });

    it('the job mails every recipient their own report and link; who may no longer read it gets none', async () => {
      await ctx.db.deleteFrom('report_subscriptions').execute();
      const user = await owner();
      const [reader, loses] = [await colleague(), await colleague()];
      const created = await subscribe(user, delivery([reader.id, loses.id]));
      // After subscribing, `loses` may no longer see the campaign: their mail would be made as them.
      await ctx.db
        .updateTable('roles')
        .set({ can_view_all_advertisers: false })
        .where('id', '=', loses.roleId!)
        .execute();
      expect(await ctx.app.runScheduledReports(sendAt(0))).toEqual({ sent: 2, skipped: 1, failed: 0 });
      expect(mailsTo(loses.email)).toHaveLength(0);

      const [own] = mailsTo(user.email);
      expect(textOf(own!)).toContain('attached is your scheduled report');
      const [theirs] = mailsTo(reader.email);
      expect(theirs!.headers.get('subject')).toBe(texts.mailSubject(created.title));
      expect(textOf(theirs!)).toContain(`Hello ${reader.fullName},`);
      expect(textOf(theirs!)).toContain(
        `attached is the scheduled report "${created.title}" that ${user.user.fullName} sends you`,
      );
      const token = (await tokensOf(created.id)).find((t) => t.user_id === reader.id)!.unsubscribe_token;
      expect(theirs!.headers.get('list-unsubscribe')).toBe(`<${PUBLIC_URL}${unsubscribeEndpoint(token)}>`);
      expect(textOf(theirs!)).toContain(`${PUBLIC_URL}/unsubscribe/${token}`);
      expect(attachmentsOf(theirs!)[0]!.filename).toMatch(/\.xlsx$/);
      expect((await user.page<ReportSubscription>(API)).results[0]!.last_sent_at).toBe(sendAt(0).toISOString());

      // Disabled the next day: no mail for them, the others get theirs.
      await ctx.db.updateTable('users').set({ is_active: false }).where('id', '=', reader.id).execute();
      expect(await ctx.app.runScheduledReports(sendAt(1))).toEqual({ sent: 1, skipped: 2, failed: 0 });
      expect(mailsTo(reader.email)).toHaveLength(1);
      expect(mailsTo(user.email)).toHaveLength(2);
    });

    it('a failed send gives the claims back; the retry mails only who is still missing', async () => {
      await ctx.db.deleteFrom('report_subscriptions').execute();
      const user = await owner();
      const other = await colleague();
      const created = await subscribe(user, delivery([other.id]));
      // Nothing listens on port 9: no mail can go.
      const broken = await ctx.buildApp({ ...ctx.config, mail: { ...outbox.mail, smtpUrl: 'smtp://127.0.0.1:9' } });
      expect(await broken.runScheduledReports(sendAt(0))).toEqual({ sent: 0, skipped: 0, failed: 2 });
      const claims = await ctx.db
        .selectFrom('job_runs')
        .select('job')
        .where('job', 'like', `report:${created.id}%`)
        .execute();
      expect(claims).toEqual([]);
      // As if a try had mailed the owner and then failed for the other recipient.
      await ctx.db
        .insertInto('job_runs')
        .values({ job: `report:${created.id}:to:${user.user.id}`, period: TODAY })
        .execute();
      expect(await ctx.app.runScheduledReports(sendAt(0, 1))).toEqual({ sent: 1, skipped: 0, failed: 0 });
      expect(mailsTo(other.email)).toHaveLength(1);
      expect(mailsTo(user.email)).toHaveLength(0);
      expect(await ctx.app.runScheduledReports(sendAt(0, 2))).toEqual({ sent: 0, skipped: 0, failed: 0 });
    });
  },
  { config: { now: () => NOW, timeZone: TIME_ZONE, publicUrl: PUBLIC_URL, mail: outbox.mail } },
);
