// Scheduled reports through the API: subscribing to a delivery report or a statistics query
// (only to reports the user may read), the user's own list, cancelling, the public one-click
// unsubscribe by the mail's token, and the audit log of every write; 401, 403, 400 and 404 each.
import { beforeAll, expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import {
  reportSubscriptionTexts as texts,
  reportSubscriptionsEndpoint as API,
  unsubscribeEndpoint,
  type ReportSubscription,
} from '@marquee/contracts/report-subscriptions';
import { details } from '@marquee/contracts/texts';
import { describeBackends } from './helpers/backends.ts';
import { NOW, createCampaign, sendableLocation, usableClip } from './helpers/campaign-factories.ts';
import { Client, asUser, uniq, type UserClient } from './helpers/factories.ts';
import { tempOutbox } from './helpers/mail.ts';

const READ = ['list_eventstatistic'];
const daily = { frequency: 'daily', time: '08:00' } as const;

describeBackends(
  'report subscriptions',
  (ctx) => {
    let campaign: { id: number; name: string };
    const reader = (permissions = READ, email = `${uniq('r')}@example.test`) => asUser(ctx, permissions, { email });
    const subscribe = async (client: Client, body: object) => {
      const res = await client.post(API, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<ReportSubscription>();
    };
    const logOf = (id: number) =>
      ctx.db
        .selectFrom('log_entries')
        .select(['user_id', 'action_flag', 'object_repr', 'change_message', 'after', 'before'])
        .where('model', '=', 'reportsubscription')
        .where('object_id', '=', String(id))
        .orderBy('id')
        .execute();
    const tokenOf = async (id: number) =>
      (
        await ctx.db
          .selectFrom('report_subscriptions')
          .select('unsubscribe_token')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).unsubscribe_token;

    beforeAll(async () => {
      const location = await sendableLocation(ctx.db);
      const clip = await usableClip(ctx.db);
      const name = uniq('Campaign');
      campaign = {
        id: (await createCampaign(ctx.db, { videoclip: clip.id, locations: [location.id], name })).id,
        name,
      };
    });

    it('every endpoint needs a session (401), except the unsubscribe link', async () => {
      const anonymous = new Client(ctx.app);
      expect((await anonymous.get(API)).statusCode).toBe(401);
      expect((await anonymous.post(API, { kind: 'statistics', ...daily })).statusCode).toBe(401);
      expect((await anonymous.delete(`${API}1/`)).statusCode).toBe(401);
      const res = await anonymous.post(unsubscribeEndpoint('no-such-token'), {}, { csrf: false });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: texts.unsubscribeInvalid });
    });

    it("subscribing needs list_eventstatistic (403); listing and cancelling one's own do not", async () => {
      const outsider = await reader(['list_campaign']);
      const res = await outsider.post(API, { kind: 'delivery', campaign: campaign.id, ...daily });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: details.permissionDenied });
      expect((await outsider.post(API, { kind: 'statistics', ...daily })).statusCode).toBe(403);
      expect((await outsider.page<ReportSubscription>(API)).count).toBe(0);
    });

    it("subscribes to a delivery report and a statistics query, lists only one's own, newest first, logged", async () => {
      const user = await reader();
      const delivery = await subscribe(user, { kind: 'delivery', campaign: campaign.id, ...daily });
      expect(delivery).toMatchObject({
        kind: 'delivery',
        title: texts.deliveryTitle(campaign.name),
        campaign: campaign.id,
        campaign_name: campaign.name,
        query: {},
        period: 'all',
        date__gte: null,
        date__lte: null,
        frequency: 'daily',
        weekday: null,
        time: '08:00',
        created_at: NOW.toISOString(),
        last_sent_at: null,
      });
      const statistics = await subscribe(user, {
        kind: 'statistics',
        title: 'Plays by product',
        query: { group_by: 'product', ordering: '-plays', p_zones: '1,2' },
        period: 'rolling',
        date__gte: '2030-06-09',
        date__lte: '2030-06-15',
        frequency: 'weekly',
        weekday: 1,
        time: '23:30',
      });
      expect(statistics).toMatchObject({
        kind: 'statistics',
        title: 'Plays by product',
        campaign: null,
        query: { group_by: 'product', ordering: '-plays', p_zones: '1,2' },
        period: 'rolling',
        date__gte: '2030-06-09',
        date__lte: '2030-06-15',
        weekday: 1,
      });
      // A daily subscription keeps no weekday; a to-date period no last day.
      const toDate = await subscribe(user, {
        kind: 'statistics',
        period: 'to_date',
        date__gte: '2030-06-01',
        date__lte: '2030-06-15',
        ...daily,
        weekday: 3,
      });
      expect(toDate).toMatchObject({ title: texts.statisticsTitle, weekday: null, date__lte: null });

      const other = await reader();
      await subscribe(other, { kind: 'statistics', ...daily });
      const page = await user.page<ReportSubscription>(API);
      expect(page.count).toBe(3);
      expect(page.results.map((s) => s.id)).toEqual([toDate.id, statistics.id, delivery.id]);
      expect((await user.page<ReportSubscription>(`${API}?page_size=2&page=2`)).results.map((s) => s.id)).toEqual([
        delivery.id,
      ]);

      const [entry] = await logOf(delivery.id);
      expect(entry).toMatchObject({
        user_id: user.user.id,
        action_flag: ActionFlag.Addition,
        object_repr: delivery.title,
        change_message: 'Added.',
      });
      // The log keeps what was subscribed, never the token.
      expect(JSON.stringify(entry!.after)).not.toContain(await tokenOf(delivery.id));
    });

    it('400: what is wrong, field by field; no e-mail address; an ordering the grouping lacks', async () => {
      const user = await reader();
      const bad = await user.post(API, { kind: 'delivery', frequency: 'weekly', time: '25:00', query: { x: '1' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        campaign: [texts.campaignRequired],
        query: [texts.noDeliveryFilters],
        weekday: [texts.weekdayRequired],
        time: [texts.badTime],
      });
      const period = await user.post(API, { kind: 'statistics', period: 'fixed', date__gte: '2030-06-02', ...daily });
      expect(period.json()).toEqual({ date__lte: [texts.lastDayRequired] });
      const ordering = await user.post(API, {
        kind: 'statistics',
        query: { group_by: 'day', ordering: 'zone' },
        ...daily,
      });
      expect(ordering.statusCode).toBe(400);
      expect(ordering.json()).toEqual({ ordering: [details.invalidOrdering('zone')] });

      const noMail = await reader(READ, '');
      const res = await noMail.post(API, { kind: 'statistics', ...daily });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: [texts.emailRequired] });
      expect(
        (await ctx.db.selectFrom('report_subscriptions').select('id').where('user_id', '=', noMail.user.id).execute())
          .length,
      ).toBe(0);
    });

    it("404: a campaign the user may not see or none at all; another user's subscription; an unknown id", async () => {
      const restricted = await reader();
      await ctx.db
        .updateTable('roles')
        .set({ can_view_all_advertisers: false })
        .where('id', '=', restricted.user.roleId!)
        .execute();
      const hidden = await restricted.post(API, { kind: 'delivery', campaign: campaign.id, ...daily });
      expect(hidden.statusCode).toBe(404);
      expect(
        (await (await reader()).post(API, { kind: 'delivery', campaign: 2_000_000_000, ...daily })).statusCode,
      ).toBe(404);

      const owner = await reader();
      const mine = await subscribe(owner, { kind: 'statistics', ...daily });
      const stranger: UserClient = await reader();
      expect((await stranger.delete(`${API}${mine.id}/`)).statusCode).toBe(404);
      expect((await owner.delete(`${API}2000000000/`)).statusCode).toBe(404);
      expect((await owner.delete(`${API}abc/`)).statusCode).toBe(400);
      expect((await owner.get(`${API}?page=0`)).statusCode).toBe(400);
      const control = await new Client(ctx.app).post(unsubscribeEndpoint('a\u0001b'), {}, { csrf: false });
      expect(control.statusCode).toBe(400);
      expect((await owner.page<ReportSubscription>(API)).count).toBe(1);
    });

    it("cancels one's own subscription (204), logged; then it is gone (404)", async () => {
      const user = await reader();
      const s = await subscribe(user, { kind: 'delivery', campaign: campaign.id, ...daily });
      expect((await user.delete(`${API}${s.id}/`)).statusCode).toBe(204);
      expect((await user.page<ReportSubscription>(API)).count).toBe(0);
      expect((await logOf(s.id)).map((e) => [e.action_flag, e.user_id])).toEqual([
        [ActionFlag.Addition, user.user.id],
        [ActionFlag.Deletion, user.user.id],
      ]);
      expect((await user.delete(`${API}${s.id}/`)).statusCode).toBe(404);
    });

    it("unsubscribes by the mail's token in one click, without a session or CSRF token; a used link is 404", async () => {
      const user = await reader();
      const s = await subscribe(user, { kind: 'delivery', campaign: campaign.id, ...daily });
      const token = await tokenOf(s.id);
      expect(token).toMatch(/^[\w-]{43}$/);
      // As a mail program posts it (RFC 8058): a form body, no cookies.
      const res = await ctx.app.inject({
        method: 'POST',
        url: unsubscribeEndpoint(token),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ title: s.title, kind: 'delivery' });
      expect((await user.page<ReportSubscription>(API)).count).toBe(0);
      const [, removed] = await logOf(s.id);
      expect(removed).toMatchObject({
        user_id: user.user.id,
        action_flag: ActionFlag.Deletion,
        change_message: texts.unsubscribedEntry,
      });
      // RFC 8058's own example posts multipart/form-data.
      const other = await subscribe(user, { kind: 'statistics', ...daily });
      const boundary = 'XyZ';
      const multipart = await ctx.app.inject({
        method: 'POST',
        url: unsubscribeEndpoint(await tokenOf(other.id)),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      });
      expect(multipart.statusCode, multipart.body).toBe(200);
      expect((await user.page<ReportSubscription>(API)).count).toBe(0);
      const again = await new Client(ctx.app).post(unsubscribeEndpoint(token), {});
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ detail: texts.unsubscribeInvalid });
    });
  },
  { config: { now: () => NOW, timeZone: 'Europe/Berlin', mail: tempOutbox().mail } },
);
