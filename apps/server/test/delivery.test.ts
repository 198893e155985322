// Delivery through the API: expected plays across time windows, opening hours (past
// midnight too), zones and device count changes; the 500 ms completion rule at its boundary; wrong
// checksums; goals in plays and impressions; the pacing thresholds; the lists' delivery % and pacing;
// the campaign and location fields; permissions (401, 403, 404 for another advertiser's campaign, 400).
import { expect, it } from 'vitest';
import type { Campaign } from '@marquee/contracts/campaigns';
import type { Paged } from '@marquee/contracts/common';
import { deliveryTexts, type CampaignDelivery, type DeliveryResponse } from '@marquee/contracts/delivery';
import type { Location } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import { describeBackends } from './helpers/backends.ts';
import { TODAY, clockConfig, day, sendableLocation, usableClip, validInput } from './helpers/campaign-factories.ts';
import { clipOf, deliveryCampaign, deliverySite, plays, sendPlays } from './helpers/delivery-factories.ts';
import { Client, asAdmin, asUser, createUser, permissionIds, signIn, uniq } from './helpers/factories.ts';

const campaignsApi = resources.campaigns.endpoint;
const deliveryOf = (id: number, query = '') => `${campaignsApi}${id}/delivery/${query}`;

describeBackends(
  'delivery',
  (ctx) => {
    const report = async (client: Client, id: number, query = '') => {
      const res = await client.get(deliveryOf(id, query));
      expect(res.statusCode, res.body).toBe(200);
      return res.json<DeliveryResponse>();
    };

    it('counts expected plays by loop, opening hours, zones and devices up to the last full hour', async () => {
      // 60 s loop, open 06–24: 1080 loops a day per zone and device; now is 12:00, so today 06–12.
      const site = await deliverySite(ctx.db, {
        devices: [{ since: `${day(-2)}T00:00:00Z` }, { since: `${day(-1)}T00:00:00Z` }],
      });
      const clip = await clipOf(ctx.db, 10);
      const c = await deliveryCampaign(ctx.db, { clip, sites: [site], zones: [1, 2], start: day(-2), end: day(7) });
      const admin = await asAdmin(ctx.app);
      const r = await report(admin, c.id);
      expect(r.as_of).toBe(`${TODAY}T12:00:00.000Z`);
      expect(r.results.map((row) => [row.date, row.expected])).toEqual([
        [day(-2), 2160], // one device, two zones
        [day(-1), 4320], // a second device from then on
        [TODAY, 1440], // 6 hours × 60 loops × 2 zones × 2 devices
      ]);
      expect(r._totals.expected).toBe(7920);
      // Contracted without a goal: every day of the campaign with the devices there now.
      expect(r._totals.contracted).toBe(2160 + 4320 * 9);
      expect(r._totals.delivery_pct).toBe(0);
      expect(r._totals.pacing).toBe('at_risk');

      // A device leaving at 09:00 today plays three of today's six hours.
      await ctx.db
        .updateTable('device_periods')
        .set({ active_to: `${TODAY}T09:00:00Z` })
        .where('device_id', '=', site.devices[1]!.id)
        .execute();
      expect((await report(admin, c.id, `?date__gte=${TODAY}`))._totals.expected).toBe(720 + 360);
    });

    it('plays only in the window within the opening hours, past midnight too', async () => {
      const admin = await asAdmin(ctx.app);
      const clip = await clipOf(ctx.db, 10);
      const night = await deliverySite(ctx.db, {
        open: '22:00',
        close: '02:00',
        devices: [{ since: `${day(-1)}T00:00:00Z` }],
      });
      // A calendar day of a bar open 22:00–02:00 plays 00:00–02:00 and 22:00–24:00.
      const bar = await deliveryCampaign(ctx.db, { clip, sites: [night], start: day(-1), end: day(-1) });
      expect((await report(admin, bar.id))._totals.expected).toBe(240);
      // A window 01:00–23:00 keeps 01:00–02:00 and 22:00–23:00 of it.
      const late = await deliveryCampaign(ctx.db, {
        clip,
        sites: [night],
        start: day(-1),
        end: day(-1),
        window: ['01:00', '23:00'],
      });
      expect((await report(admin, late.id))._totals.expected).toBe(120);
      const day_ = await deliverySite(ctx.db, {
        open: '09:30',
        close: '21:00',
        devices: [{ since: `${day(-1)}T00:00:00Z` }],
      });
      const morning = await deliveryCampaign(ctx.db, {
        clip,
        sites: [day_],
        start: day(-1),
        end: day(-1),
        window: ['08:00', '10:00'],
      });
      expect((await report(admin, morning.id))._totals.expected).toBe(30);
    });

    it('counts a play as delivered when it ran the clip within 500 ms, with the right checksum or none', async () => {
      const site = await deliverySite(ctx.db, { loop: 3600, devices: [{ since: `${TODAY}T00:00:00Z` }] });
      const clip = await clipOf(ctx.db, 10);
      const c = await deliveryCampaign(ctx.db, { clip, sites: [site] });
      const token = site.devices[0]!.token;
      // Each group ten minutes after the last: a play is stored once per device, start, campaign and zone.
      const at = (minute: number) => `${TODAY}T07:${String(minute).padStart(2, '0')}:00Z`;
      await sendPlays(ctx.app, token, [
        ...plays(c.id, 2, at(0), { duration_ms: 9500 }),
        ...plays(c.id, 3, at(10), { duration_ms: 9499 }),
        ...plays(c.id, 1, at(20), { clip_checksum: clip.checksum.toUpperCase() }),
        ...plays(c.id, 4, at(30), { clip_checksum: 'f'.repeat(64) }),
        ...plays(c.id, 1, at(40), { clip_checksum: 'f'.repeat(64), duration_ms: 1000 }),
      ]);
      const { _totals: t } = await report(await asAdmin(ctx.app), c.id);
      expect([t.delivered, t.partial, t.wrong_creative]).toEqual([3, 3, 5]);
      // 6 loops due (06–12, one an hour): 3 delivered.
      expect([t.expected, t.due, t.delivery_pct, t.pacing]).toEqual([6, 6, 50, 'at_risk']);
      // Plays of the current hour wait for the next report.
      await sendPlays(ctx.app, token, plays(c.id, 3, `${TODAY}T12:00:00Z`));
      expect((await report(await asAdmin(ctx.app), c.id))._totals.delivered).toBe(3);
    });

    it('paces against a plays goal at the thresholds', async () => {
      // One loop an hour, 06–24 today: 18 expected, 6 due by 12:00; a goal of 60 plays makes 20 due.
      const cases: [number, string][] = [
        [22, 'on_track'], // 110 %
        [23, 'ahead'], // 115 %
        [19, 'on_track'], // 95 %
        [18, 'behind'], // 90 %
        [16, 'behind'], // 80 %
        [15, 'at_risk'], // 75 %
      ];
      const admin = await asAdmin(ctx.app);
      for (const [n, pacing] of cases) {
        const site = await deliverySite(ctx.db, { loop: 3600 });
        const clip = await clipOf(ctx.db, 10);
        const c = await deliveryCampaign(ctx.db, { clip, sites: [site], goal: { goal_type: 'plays', goal_value: 60 } });
        await sendPlays(ctx.app, site.devices[0]!.token, plays(c.id, n, `${TODAY}T06:00:00Z`));
        const { _totals: t } = await report(admin, c.id);
        expect([t.due, t.delivered, t.contracted, t.pacing], `${n} plays`).toEqual([20, n, 60, pacing]);
        expect(t.progress_pct).toBe(Math.round((n / 60) * 1000) / 10);
      }
    });

    it('measures impressions where devices count viewers and models them elsewhere, for an impressions goal', async () => {
      const site = await deliverySite(ctx.db, {
        loop: 3600,
        impressionsPerPlay: 4.8,
        devices: [{ since: `${TODAY}T00:00:00Z` }, { since: `${TODAY}T00:00:00Z` }],
      });
      const clip = await clipOf(ctx.db, 10);
      const c = await deliveryCampaign(ctx.db, {
        clip,
        sites: [site],
        goal: { goal_type: 'impressions', goal_value: 300 },
      });
      const viewers = [
        { gender: 'f' as const, age_group: 1 },
        { gender: 'm' as const, age_group: 2 },
      ];
      await sendPlays(ctx.app, site.devices[0]!.token, [
        ...plays(c.id, 5, `${TODAY}T07:00:00Z`, { viewers }),
        ...plays(c.id, 1, `${TODAY}T07:30:00Z`, { viewers, duration_ms: 100 }), // partial: its viewers do not count
      ]);
      await sendPlays(ctx.app, site.devices[1]!.token, plays(c.id, 10, `${TODAY}T08:00:00Z`));
      const { _totals: t, results } = await report(await asAdmin(ctx.app), c.id, '?group_by=location');
      expect([t.impressions_measured, t.impressions_modelled]).toEqual([10, 48]);
      // 12 loops due of 36 (two devices, 06–24) → 100 of 300 impressions due; 58 delivered.
      expect([t.due, t.delivery_pct, t.pacing, t.contracted]).toEqual([100, 58, 'at_risk', 300]);
      expect(results).toHaveLength(1);
      expect(results[0]).toMatchObject({ location: site.id, impressions_measured: 10, impressions_modelled: 48 });
    });

    it('groups by location, day or both, filters days, exports csv and xlsx', async () => {
      const a = await deliverySite(ctx.db, { loop: 3600, devices: [{ since: `${day(-1)}T00:00:00Z` }] });
      const b = await deliverySite(ctx.db, { loop: 3600, devices: [{ since: `${day(-1)}T00:00:00Z` }] });
      const clip = await clipOf(ctx.db, 10);
      const c = await deliveryCampaign(ctx.db, { clip, sites: [a, b], start: day(-1), end: day(3) });
      await sendPlays(ctx.app, a.devices[0]!.token, plays(c.id, 18, `${day(-1)}T06:00:00Z`));
      const admin = await asAdmin(ctx.app);
      expect((await report(admin, c.id)).results).toHaveLength(4);
      const byDay = await report(admin, c.id, '?group_by=day');
      expect(byDay.results.map((r) => [r.date, r.expected, r.delivered, r.pacing])).toEqual([
        [day(-1), 36, 18, 'at_risk'],
        [TODAY, 12, 0, 'at_risk'],
      ]);
      const byLocation = await report(admin, c.id, `?group_by=location&date__lte=${day(-1)}`);
      const byId = [...byLocation.results].sort((x, y) => x.location! - y.location!);
      expect(byId.map((r) => [r.location, r.delivered, r.delivery_pct])).toEqual([
        [a.id, 18, 100],
        [b.id, 0, 0],
      ]);
      const csv = await admin.get(deliveryOf(c.id, '?group_by=day&format=csv'));
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toContain(`delivery-CMP-`);
      expect(csv.body.split('\r\n')[1]).toBe(`${day(-1)},36,36,18,0,0,0,0,0,0,50,at_risk`);
      const xlsx = await admin.get(deliveryOf(c.id, '?format=xlsx'));
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });

    it('answers 401, 403 without the statistics permission, 404 for a campaign the user may not see, 400 on bad input', async () => {
      const site = await deliverySite(ctx.db);
      const clip = await clipOf(ctx.db, 10);
      const c = await deliveryCampaign(ctx.db, { clip, sites: [site] });
      for (const url of [deliveryOf(c.id), `${campaignsApi}delivery/`, `${campaignsApi}${c.id}/proof_of_play/`]) {
        expect((await new Client(ctx.app).get(url)).statusCode, url).toBe(401);
        const denied = await (await asUser(ctx, ['view_campaign', 'list_campaign'])).get(url);
        expect(denied.statusCode, url).toBe(403);
        expect(denied.json()).toEqual({ detail: details.permissionDenied });
      }
      // A user restricted to another advertiser does not learn the campaign exists.
      const user = await createUser(ctx.db, { withRole: false });
      const role = await ctx.db
        .insertInto('roles')
        .values({ name: uniq('role'), can_view_all_advertisers: false })
        .returning('id')
        .executeTakeFirstOrThrow();
      const perms = await permissionIds(ctx.db, ['list_eventstatistic', 'list_campaign', 'view_campaign']);
      await ctx.db
        .insertInto('role_permissions')
        .values(perms.map((permission_id) => ({ role_id: role.id, permission_id })))
        .execute();
      await ctx.db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
      const outsider = await signIn(ctx.app, user.username, user.password);
      expect((await outsider.get(deliveryOf(c.id))).statusCode).toBe(404);
      expect((await outsider.get(`${campaignsApi}${c.id}/proof_of_play/`)).statusCode).toBe(404);
      expect(
        (await outsider.get(`${campaignsApi}delivery/`)).json<Paged<CampaignDelivery>>().results.map((r) => r.id),
      ).not.toContain(c.id);

      const admin = await asAdmin(ctx.app);
      expect((await admin.get(deliveryOf(c.id, '?group_by=zone'))).statusCode).toBe(400);
      expect((await admin.get(deliveryOf(c.id, `?date__gte=${TODAY}&date__lte=${day(-1)}`))).json()).toHaveProperty(
        'date__lte',
      );
      expect((await admin.get(deliveryOf(c.id, '?format=pdf'))).statusCode).toBe(400);
      expect((await admin.get(`${campaignsApi}${c.id}/proof_of_play/?format=xml`)).statusCode).toBe(400);
      expect((await admin.get(`${campaignsApi}delivery/?ordering=plays`)).json()).toEqual({
        ordering: [details.invalidOrdering('plays')],
      });
      expect((await admin.get(deliveryOf(999999))).statusCode).toBe(404);
    });

    it('lists campaigns with their delivery, ordered by delivery %, and gives the campaign lists delivery % and pacing', async () => {
      const clip = await clipOf(ctx.db, 10);
      const made: { id: number; n: number }[] = [];
      for (const n of [6, 3, 0]) {
        const site = await deliverySite(ctx.db, { loop: 3600 });
        const c = await deliveryCampaign(ctx.db, { clip, sites: [site] });
        if (n) await sendPlays(ctx.app, site.devices[0]!.token, plays(c.id, n, `${TODAY}T06:00:00Z`));
        made.push({ id: c.id, n });
      }
      const admin = await asAdmin(ctx.app);
      const list = (await admin.get(`${campaignsApi}delivery/?advertiser=${clip.advertiser}&page_size=2`)).json<
        Paged<CampaignDelivery>
      >();
      expect(list.count).toBe(3);
      expect(list.results.map((r) => [r.id, r.delivery_pct, r.pacing])).toEqual([
        [made[2]!.id, 0, 'at_risk'],
        [made[1]!.id, 50, 'at_risk'],
      ]);
      expect(list.next).toContain('page=2');
      const desc = (
        await admin.get(`${campaignsApi}delivery/?advertiser=${clip.advertiser}&ordering=-delivery_pct`)
      ).json<Paged<CampaignDelivery>>();
      expect(desc.results[0]).toMatchObject({
        id: made[0]!.id,
        delivered: 6,
        contracted: 18,
        delivery_pct: 100,
        pacing: 'on_track',
        advertiser: clip.advertiser,
      });

      const campaigns = (await admin.get(`${campaignsApi}?advertiser=${clip.advertiser}`)).json<Paged<Campaign>>();
      expect(campaigns.results.find((r) => r.id === made[1]!.id)).toMatchObject({
        delivery_pct: 50,
        pacing: 'at_risk',
      });
      const reports = (
        await admin.get(`${campaignsApi}list_with_location_reports/?advertiser=${clip.advertiser}`)
      ).json<Paged<Campaign>>();
      expect(reports.results.find((r) => r.id === made[0]!.id)).toMatchObject({
        delivery_pct: 100,
        pacing: 'on_track',
      });
      // Without the statistics permission the list leaves them out.
      const viewer = await asUser(ctx, ['list_campaign', 'view_campaign']);
      const plain = (await viewer.get(`${campaignsApi}?advertiser=${clip.advertiser}`)).json<Paged<Campaign>>();
      expect(plain.results[0]).not.toHaveProperty('pacing');
    });

    it('keeps a campaign goal and a location’s impressions per play, and checks them', async () => {
      const admin = await asAdmin(ctx.app);
      const location = await sendableLocation(ctx.db);
      const clip = await usableClip(ctx.db);
      const created = await admin.post(
        campaignsApi,
        validInput(clip.id, [location.id], { goal_type: 'impressions', goal_value: 50_000 }),
      );
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json<Campaign>()).toMatchObject({ goal_type: 'impressions', goal_value: 50_000 });
      const half = await admin.post(campaignsApi, validInput(clip.id, [location.id], { goal_type: 'plays' }));
      expect(half.statusCode).toBe(400);
      expect(half.json()).toEqual({ goal_value: [deliveryTexts.goalValueRequired] });
      expect((await admin.post(campaignsApi, validInput(clip.id, [location.id], { goal_value: 5 }))).json()).toEqual({
        goal_type: [deliveryTexts.goalTypeRequired],
      });
      expect(
        (await admin.post(campaignsApi, validInput(clip.id, [location.id], { goal_type: 'plays', goal_value: 0 })))
          .statusCode,
      ).toBe(400);

      const url = `${resources.locations.endpoint}${location.id}/`;
      const patched = await admin.patch(url, { impressions_per_play: 4.8 });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json<Location>().impressions_per_play).toBe(4.8);
      expect((await admin.patch(url, { impressions_per_play: -1 })).statusCode).toBe(400);
      expect((await admin.patch(url, { impressions_per_play: 1.234 })).statusCode).toBe(400);
      expect((await admin.patch(url, { impressions_per_play: null })).json<Location>().impressions_per_play).toBeNull();
    });
  },
  { config: clockConfig },
);
