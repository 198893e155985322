// Advertiser isolation: a user whose roles all lack can_view_all_advertisers sees only the advertisers
// they are linked to, with those advertisers' products, clips, campaigns, statistics, exports, raw
// events and log entries; every other advertiser's object answers 404 as if it did not exist. One
// role with the flag (the default) is enough to see everything.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '@marquee/contracts/common';
import { deviceGatewayEndpoints } from '@marquee/contracts/device-gateway';
import { resources } from '@marquee/contracts/resources';
import type { Role } from '@marquee/contracts/roles';
import type { CalendarRow } from '@marquee/contracts/campaigns';
import type { EventLog, ReportingDevice, StatisticsPage } from '@marquee/contracts/statistics';
import { createAdvertiser, createClip, createProduct, createVideoRow } from './helpers/advertiser-factories.ts';
import { ADMIN_PASSWORD, describeBackends } from './helpers/backends.ts';
import { NOW, clockConfig, createCampaign, day } from './helpers/campaign-factories.ts';
import { Client, asRoleUser as asRoleUserOf, signIn, uniq } from './helpers/factories.ts';
import { createDevice, createLocation } from './helpers/location-factories.ts';

const VIEWER_PERMISSIONS = [
  'view_advertiser',
  'view_product',
  'view_videoclip',
  'view_campaign',
  'view_eventstatistic',
  'view_logentry',
];

type Side = { advertiser: number; product: number; clip: number; campaign: number; events: number; viewers: number };

describeBackends('advertiser isolation', (ctx) => {
  let app: FastifyInstance;
  let admin: Client;
  let location: number;
  const sides: Side[] = [];
  let own: Side;
  let other: Side;

  /** A signed-in user with one role (of `permissions`, seeing all advertisers or not) linked to `advertisers`. */
  const asRoleUser = (permissions: string[], options: { viewAll: boolean; advertisers: number[] }) =>
    asRoleUserOf(app, ctx.db, permissions, options);

  const ids = (page: Paged<{ id: number }>) => page.results.map((r) => r.id).sort((a, b) => a - b);
  const json = async <T>(client: Client, url: string): Promise<T> => {
    const res = await client.get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };

  beforeAll(async () => {
    app = await ctx.buildApp(clockConfig);
    admin = await signIn(app, 'admin', ADMIN_PASSWORD);
    location = (await createLocation(ctx.db)).id;
    const { token } = await createDevice(ctx.db, location);
    for (const [index, name] of ['Own', 'Other'].entries()) {
      const advertiser = await createAdvertiser(ctx.db, { name: uniq(name) });
      const product = await createProduct(ctx.db, { advertiser: advertiser.id });
      const video = await createVideoRow(ctx.db);
      const clip = await createClip(ctx.db, { product: product.id, video: video.id });
      const campaign = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [location],
        state: 2,
        start: day(-3),
        end: day(3),
      });
      // Different numbers per side, so totals tell whose events were counted.
      const events = 3 + index * 4;
      const viewers = 1 + index * 2;
      const res = await app.inject({
        method: 'POST',
        url: deviceGatewayEndpoints.events,
        headers: { authorization: `Bearer ${token}` },
        payload: {
          batch_id: crypto.randomUUID(),
          events: Array.from({ length: events }, (_, i) => ({
            campaign: campaign.id,
            zone: 1,
            started_at: new Date(NOW.getTime() - (i + 1) * 3_600_000).toISOString(),
            duration_ms: 10_000,
            viewers: i === 0 ? Array.from({ length: viewers }, () => ({ gender: 'f', age_group: 2 })) : [],
          })),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      // A change through the API, so the log has an entry about each side's product.
      expect((await admin.patch(`${resources.products.endpoint}${product.id}/`, { name: uniq('P') })).statusCode).toBe(
        200,
      );
      sides.push({
        advertiser: advertiser.id,
        product: product.id,
        clip: clip.id,
        campaign: campaign.id,
        events,
        viewers,
      });
    }
    [own, other] = sides as [Side, Side];
  });

  describe('a user whose roles all lack can_view_all_advertisers', () => {
    let viewer: Client;
    beforeAll(async () => {
      viewer = await asRoleUser(VIEWER_PERMISSIONS, { viewAll: false, advertisers: [own.advertiser] });
    });

    it('lists and opens only the linked advertiser, its products and clips; the others are 404', async () => {
      expect(ids(await json(viewer, `${resources.advertisers.endpoint}?page_size=0`))).toEqual([own.advertiser]);
      expect(ids(await json(viewer, `${resources.products.endpoint}?page_size=0`))).toEqual([own.product]);
      expect(ids(await json(viewer, `${resources.products.endpoint}?advertiser=${other.advertiser}`))).toEqual([]);
      expect(ids(await json(viewer, `${resources.videoclips.endpoint}?page_size=0`))).toEqual([own.clip]);
      for (const [endpoint, mine, theirs] of [
        [resources.advertisers.endpoint, own.advertiser, other.advertiser],
        [resources.products.endpoint, own.product, other.product],
        [resources.videoclips.endpoint, own.clip, other.clip],
        [resources.campaigns.endpoint, own.campaign, other.campaign],
      ] as const) {
        expect((await viewer.get(`${endpoint}${mine}/`)).statusCode, endpoint).toBe(200);
        const refused = await viewer.get(`${endpoint}${theirs}/`);
        expect(refused.statusCode, endpoint).toBe(404);
      }
      expect((await viewer.get(`${resources.advertisers.endpoint}${other.advertiser}/images/`)).statusCode).toBe(404);
      expect((await viewer.get(`${resources.products.endpoint}${other.product}/images/`)).statusCode).toBe(404);
      expect((await viewer.get(`${resources.advertisers.endpoint}${own.advertiser}/images/`)).statusCode).toBe(200);
    });

    it('sees only their advertiser campaigns in lists, the playlist, the calendar and the reports', async () => {
      expect(ids(await json(viewer, `${resources.campaigns.endpoint}?page_size=0`))).toEqual([own.campaign]);
      expect((await viewer.get(`${resources.campaigns.endpoint}${other.campaign}/last_reviewed/`)).statusCode).toBe(
        404,
      );
      const calendar = await json<Paged<CalendarRow>>(
        viewer,
        `${resources.locations.endpoint}calendar/?date_from=${day(0)}&date_to=${day(0)}&page_size=0`,
      );
      expect(calendar.results.find((r) => r.id === location)?.days[day(0)]).toBe(1);
      const reports = await json<Paged<{ id: number }>>(
        viewer,
        `${resources.campaigns.endpoint}list_with_location_reports/?page_size=0`,
      );
      expect(ids(reports)).toEqual([own.campaign]);
      expect(
        (await viewer.get(`${resources.campaigns.endpoint}${other.campaign}/get_with_location_reports/`)).statusCode,
      ).toBe(404);
    });

    it('counts only their advertiser plays in statistics, exports, the event log and its devices', async () => {
      const stats = await json<StatisticsPage>(viewer, `${resources.eventStatistics.endpoint}?group_by=advertiser`);
      expect(stats.results.map((r) => r.advertiser)).toEqual([own.advertiser]);
      expect(stats._totals).toMatchObject({ plays: own.events, viewers: own.viewers });
      // Asking for the other advertiser by name finds nothing.
      const asked = await json<StatisticsPage>(
        viewer,
        `${resources.eventStatistics.endpoint}?advertiser=${other.advertiser}`,
      );
      expect(asked._totals).toMatchObject({ plays: 0, viewers: 0 });
      const csv = await viewer.get(`${resources.eventStatistics.endpoint}?group_by=campaign&format=csv&filename=x`);
      expect(csv.statusCode).toBe(200);
      const lines = csv.body.trim().split('\r\n');
      expect(lines).toHaveLength(2);
      const log = await json<Paged<EventLog>>(viewer, `${resources.eventLogs.endpoint}?page_size=0`);
      expect(log.count).toBe(own.events);
      expect(new Set(log.results.map((e) => e.campaign))).toEqual(new Set([own.campaign]));
      const devices = await json<Paged<ReportingDevice>>(viewer, `${resources.eventLogs.endpoint}distinct_devices/`);
      expect(devices.results.map((d) => d.events)).toEqual([own.events]);
      // The same calls by someone who sees every advertiser count both sides.
      const all = await asRoleUser(VIEWER_PERMISSIONS, { viewAll: true, advertisers: [] });
      const everything = await json<StatisticsPage>(all, `${resources.eventStatistics.endpoint}?group_by=advertiser`);
      expect(everything._totals).toMatchObject({ plays: own.events + other.events });
    });

    it('reads log entries about their advertiser objects and about the rest of the network only', async () => {
      const entries = await json<Paged<{ id: number; model: string; object_id: string }>>(
        viewer,
        `${resources.logEntries.endpoint}?model=product&page_size=0`,
      );
      const products = new Set(entries.results.map((e) => e.object_id));
      expect(products.has(String(own.product))).toBe(true);
      expect(products.has(String(other.product))).toBe(false);
      const theirs = await ctx.db
        .selectFrom('log_entries')
        .select('id')
        .where('model', '=', 'product')
        .where('object_id', '=', String(other.product))
        .executeTakeFirstOrThrow();
      expect((await viewer.get(`${resources.logEntries.endpoint}${theirs.id}/`)).statusCode).toBe(404);
      expect((await admin.get(`${resources.logEntries.endpoint}${theirs.id}/`)).statusCode).toBe(200);
      const mine = entries.results.find((e) => e.object_id === String(own.product))!;
      expect((await viewer.get(`${resources.logEntries.endpoint}${mine.id}/`)).statusCode).toBe(200);
      // Entries about other models (a role here) stay visible.
      const role = (await admin.post(resources.roles.endpoint, { name: uniq('Role') })).json<Role>();
      const roles = await json<Paged<{ object_id: string }>>(viewer, `${resources.logEntries.endpoint}?model=role`);
      expect(roles.results.map((e) => e.object_id)).toContain(String(role.id));
    });

    it('does not read the campaign names of other advertisers in entries of subscriptions and alerts', async () => {
      // Reports go by mail: the subscriber needs an address.
      await ctx.db.updateTable('users').set({ email: 'admin@example.test' }).where('username', '=', 'admin').execute();
      const subscribe = async (campaign: number) => {
        const res = await admin.post(resources.reportSubscriptions.endpoint, {
          kind: 'delivery',
          campaign,
          frequency: 'daily',
          time: '07:00',
        });
        expect(res.statusCode, res.body).toBe(201);
        return String(res.json<{ id: number }>().id);
      };
      const acknowledged = async (campaign: number) => {
        const { id } = await ctx.db
          .insertInto('alerts')
          .values({
            kind: 'campaign_at_risk',
            location_id: null,
            campaign_id: campaign,
            started_at: NOW,
            details: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const res = await admin.post(`${resources.alerts.endpoint}${id}/acknowledge/`);
        expect(res.statusCode, res.body).toBe(200);
        return String(id);
      };
      const [ownSubscription, otherSubscription] = [await subscribe(own.campaign), await subscribe(other.campaign)];
      const [ownAlert, otherAlert] = [await acknowledged(own.campaign), await acknowledged(other.campaign)];
      const listed = async (model: string) =>
        (
          await json<Paged<{ object_id: string }>>(
            viewer,
            `${resources.logEntries.endpoint}?model=${model}&page_size=100`,
          )
        ).results.map((e) => e.object_id);
      const subscriptions = await listed(resources.reportSubscriptions.model_name);
      expect(subscriptions).toContain(ownSubscription);
      expect(subscriptions).not.toContain(otherSubscription);
      const alerts = await listed(resources.alerts.model_name);
      expect(alerts).toContain(ownAlert);
      expect(alerts).not.toContain(otherAlert);
      const theirs = await ctx.db
        .selectFrom('log_entries')
        .select('id')
        .where('model', '=', resources.alerts.model_name)
        .where('object_id', '=', otherAlert)
        .executeTakeFirstOrThrow();
      expect((await viewer.get(`${resources.logEntries.endpoint}${theirs.id}/`)).statusCode).toBe(404);
    });

    it('sees everything once one of their roles may view all advertisers', async () => {
      const both = await asRoleUser(VIEWER_PERMISSIONS, { viewAll: false, advertisers: [own.advertiser] });
      const role = await ctx.db
        .insertInto('roles')
        .values({ name: uniq('role') })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db.insertInto('user_roles').values({ user_id: both.user.id, role_id: role.id }).execute();
      const listed = ids(await json(both, `${resources.advertisers.endpoint}?page_size=0`));
      expect(listed).toEqual(expect.arrayContaining([own.advertiser, other.advertiser]));
      expect((await both.get(`${resources.campaigns.endpoint}${other.campaign}/`)).statusCode).toBe(200);
    });
  });

  describe('the role flag', () => {
    it('defaults to true, is stored, and is a 400 when not a boolean', async () => {
      const created = await admin.post(resources.roles.endpoint, { name: uniq('Role') });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json<Role>().can_view_all_advertisers).toBe(true);
      const id = created.json<Role>().id;
      const changed = await admin.patch(`${resources.roles.endpoint}${id}/`, { can_view_all_advertisers: false });
      expect(changed.json<Role>().can_view_all_advertisers).toBe(false);
      const row = await ctx.db
        .selectFrom('roles')
        .select('can_view_all_advertisers')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.can_view_all_advertisers).toBe(false);
      const bad = await admin.patch(`${resources.roles.endpoint}${id}/`, { can_view_all_advertisers: 'no' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json<object>())).toEqual(['can_view_all_advertisers']);
    });

    it('needs a session and change_role', async () => {
      expect((await new Client(app).patch(`${resources.roles.endpoint}1/`, {})).statusCode).toBe(401);
      const reader = await asRoleUser(['view_role'], { viewAll: true, advertisers: [] });
      const role = await admin.post(resources.roles.endpoint, { name: uniq('Role') });
      const refused = await reader.patch(`${resources.roles.endpoint}${role.json<Role>().id}/`, {
        can_view_all_advertisers: false,
      });
      expect(refused.statusCode).toBe(403);
    });
  });
});
