// The operations home's figures through the API: screens by health state, open alerts by
// kind, campaigns waiting for approval, campaigns behind or at risk, today's plays so far against the
// plays expected by now (in the server's time zone); a location manager's figures of their
// locations; the home's figures sharing one cut-off, with pacing computed again when older than five
// minutes (once for loads at the same time); 401, 403 without each permission, and advertiser
// isolation. Rows are inserted directly; the database is this file's own, so global figures are
// checked as differences from before.
import { expect, it } from 'vitest';
import type { AlertKind } from '@marquee/contracts/alerts';
import type { DeviceState } from '@marquee/contracts/device-health';
import type { Pacing } from '@marquee/contracts/goals';
import {
  operationsEndpoints,
  type OperationsHome,
  type AlertsSummary,
  type ApprovalsSummary,
  type PacingSummary,
  type PlaysTodaySummary,
  type ScreensSummary,
} from '@marquee/contracts/operations';
import { details } from '@marquee/contracts/texts';
import type { FastifyInstance } from 'fastify';
import { createPacingSnapshot } from '../src/modules/delivery/pacing-snapshot.ts';
import { describeBackends } from './helpers/backends.ts';
import { NOW, TODAY, clockConfig, createCampaign, day, usableClip } from './helpers/campaign-factories.ts';
import { clipOf, deliveryCampaign, deliverySite } from './helpers/delivery-factories.ts';
import { Client, asAdmin, asRoleUser, asUser } from './helpers/factories.ts';
import { createDevice, createLocation } from './helpers/location-factories.ts';

const PERMISSIONS = {
  screens: 'list_device',
  alerts: 'list_alert',
  approvals: 'approve_campaign',
  pacing: 'list_eventstatistic',
  playsToday: 'list_eventstatistic',
} as const;
const ALL = [...new Set(Object.values(PERMISSIONS))];
/** The pacing rows this file writes are of a snapshot computed at 11:58 on TODAY, unless a test says
 * otherwise: NOW is 12:00 UTC, so the home shows it as it is (at most five minutes old). */
const COMPUTED_AT = `${TODAY}T11:58:00.000Z`;
const at = (time: string) => `${TODAY}T${time}.000Z`;

describeBackends(
  'operations',
  (ctx) => {
    const get = async <T>(client: Client, endpoint: string) => {
      const res = await client.get(endpoint);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<T>();
    };

    /** A signed-in user with `permissions` who sees only the data of `advertisers`. */
    const isolatedUser = (permissions: string[], advertisers: number[], app: FastifyInstance = ctx.app) =>
      asRoleUser(app, ctx.db, permissions, { viewAll: false, advertisers });

    /** A location and an advertiser's clip, for campaigns. */
    async function site() {
      const location = await createLocation(ctx.db);
      const clip = await usableClip(ctx.db);
      const campaign = (extra: Partial<Parameters<typeof createCampaign>[1]> = {}) =>
        createCampaign(ctx.db, { videoclip: clip.id, locations: [location.id], state: 3, ...extra });
      return { location: location.id, advertiser: clip.advertiser, campaign };
    }

    async function devicesIn(location: number, states: DeviceState[], isActive = true) {
      for (const state of states) {
        const device = await createDevice(ctx.db, location, { isActive });
        await ctx.db.updateTable('devices').set({ health_state: state }).where('id', '=', device.id).execute();
      }
    }

    /** Stamps the stored pacing snapshot as computed at `computedAt`. */
    const stamp = (computedAt: string) =>
      ctx.db
        .insertInto('job_runs')
        .values({ job: 'pacing', period: 'last', claimed_at: computedAt })
        .onConflict((oc) => oc.columns(['job', 'period']).doUpdateSet({ claimed_at: computedAt }))
        .execute();

    /** A campaign's row of the pacing snapshot, computed at `at` (COMPUTED_AT by default), and the plays
     * expected today at each of `places`' locations. */
    async function pace(
      campaign: number,
      pacing: Pacing | null,
      missing: number,
      extra: { expected?: number; day?: string; at?: string; places?: Record<number, number> } = {},
    ) {
      const computedAt = extra.at ?? COMPUTED_AT;
      await ctx.db
        .insertInto('campaign_pacing')
        .values({
          campaign_id: campaign,
          computed_at: computedAt,
          due: 100,
          delivered: 100 - missing,
          delivery_pct: pacing === null ? null : 100 - missing / 10,
          pacing,
          missing,
          day: extra.day ?? TODAY,
          expected_today: extra.expected ?? 0,
        })
        .execute();
      const places = Object.entries(extra.places ?? {});
      if (places.length) {
        await ctx.db
          .insertInto('campaign_pacing_locations')
          .values(
            places.map(([location, expected]) => ({
              campaign_id: campaign,
              location_id: Number(location),
              expected_today: expected,
            })),
          )
          .execute();
      }
      await stamp(computedAt);
    }

    /** The all-plays rollup row of an hour (and an audience row beside it, which must not count). */
    async function hourly(campaign: number, location: number, hour: string, plays: number, delivered: number) {
      const row = { hour, campaign_id: campaign, location_id: location, zone: 1, viewers: 0, play_ms: plays * 10_000 };
      await ctx.db
        .insertInto('event_statistics_hourly')
        .values([
          { ...row, gender: '', age_group: 0, plays, delivered },
          { ...row, gender: 'f', age_group: 2, plays, delivered: 0 },
        ])
        .execute();
    }

    it('counts active screens at active locations by state, as of the last health sweep', async () => {
      const admin = await asAdmin(ctx.app);
      const before = await get<ScreensSummary>(admin, operationsEndpoints.screens);
      const open = await createLocation(ctx.db);
      await devicesIn(open.id, ['online', 'online', 'stale', 'screen_off', 'offline', 'never']);
      await devicesIn(open.id, ['online', 'offline'], false);
      const closed = await createLocation(ctx.db, { isActive: false });
      await devicesIn(closed.id, ['online', 'never']);
      await ctx.db
        .insertInto('job_runs')
        .values({ job: 'device-health', period: 'last', claimed_at: `${TODAY}T11:59:00Z` })
        .onConflict((oc) => oc.columns(['job', 'period']).doUpdateSet({ claimed_at: `${TODAY}T11:59:00Z` }))
        .execute();

      const after = await get<ScreensSummary>(admin, operationsEndpoints.screens);
      const added = Object.fromEntries(
        Object.entries(after.counts).map(([state, n]) => [state, n - before.counts[state as DeviceState]]),
      );
      expect(added).toEqual({ online: 2, stale: 1, screen_off: 1, offline: 1, never: 1 });
      expect(after.total - before.total).toBe(6);
      expect(after.as_of).toBe(`${TODAY}T11:59:00.000Z`);
    });

    it("counts a location manager's own screens and alerts; the operator and the administrator the network's", async () => {
      const mine = await createLocation(ctx.db);
      const theirs = await createLocation(ctx.db);
      await devicesIn(mine.id, ['online', 'offline']);
      await devicesIn(theirs.id, ['offline', 'offline', 'never']);
      await ctx.db
        .insertInto('alerts')
        .values([
          { kind: 'device_offline', location_id: mine.id, started_at: `${TODAY}T10:00:00Z`, details: '{}' },
          { kind: 'device_offline', location_id: theirs.id, started_at: `${TODAY}T10:00:00Z`, details: '{}' },
        ])
        .execute();
      const manager = await asUser(ctx, ['list_device', 'list_alert']);
      await ctx.db.insertInto('location_managers').values({ user_id: manager.user.id, location_id: mine.id }).execute();
      const screens = await get<ScreensSummary>(manager, operationsEndpoints.screens);
      expect(screens).toMatchObject({ total: 2, scope_locations: 1 });
      expect(screens.counts).toMatchObject({ online: 1, offline: 1, never: 0 });
      const alerts = await get<AlertsSummary>(manager, operationsEndpoints.alerts);
      expect(alerts).toMatchObject({ total: 1, scope_locations: 1 });

      const operator = await asUser(ctx, ['list_device', 'list_alert']);
      const network = await get<ScreensSummary>(operator, operationsEndpoints.screens);
      expect(network.scope_locations).toBeNull();
      expect(network.total).toBeGreaterThanOrEqual(5);
      expect((await get<AlertsSummary>(await asAdmin(ctx.app), operationsEndpoints.alerts)).scope_locations).toBeNull();
    });

    it('counts open alerts by kind with the oldest start; at-risk alerts only of campaigns the user may see', async () => {
      const admin = await asAdmin(ctx.app);
      const mine = await site();
      const theirs = await site();
      const own = await mine.campaign();
      const other = await theirs.campaign();
      const isolated = await isolatedUser([PERMISSIONS.alerts], [mine.advertiser]);
      const beforeAll = await get<AlertsSummary>(admin, operationsEndpoints.alerts);
      const beforeOwn = await get<AlertsSummary>(isolated, operationsEndpoints.alerts);

      const device = async () => (await createDevice(ctx.db, mine.location)).id;
      const alert = async (kind: AlertKind, started: string, extra: { ended?: string; campaign?: number } = {}) =>
        ctx.db
          .insertInto('alerts')
          .values({
            kind,
            device_id: kind === 'campaign_at_risk' ? null : await device(),
            location_id: mine.location,
            campaign_id: extra.campaign ?? null,
            started_at: started,
            ended_at: extra.ended ?? null,
            details: null,
          })
          .execute();
      await alert('device_offline', `${TODAY}T08:00:00Z`);
      await alert('device_offline', `${TODAY}T09:00:00Z`);
      await alert('device_stale', '2001-02-03T04:05:06Z');
      await alert('screen_off', '2000-01-01T00:00:00Z', { ended: '2000-01-01T01:00:00Z' });
      await alert('campaign_at_risk', `${TODAY}T10:00:00Z`, { campaign: own.id });
      await alert('campaign_at_risk', '1999-01-01T00:00:00Z', { campaign: other.id });

      const delta = (after: AlertsSummary, before: AlertsSummary) =>
        Object.fromEntries(Object.entries(after.counts).map(([k, n]) => [k, n - before.counts[k as AlertKind]]));
      const all = await get<AlertsSummary>(admin, operationsEndpoints.alerts);
      expect(delta(all, beforeAll)).toEqual({
        device_offline: 2,
        device_stale: 1,
        screen_off: 0,
        plays_backlog: 0,
        campaign_at_risk: 2,
      });
      expect(all.total - beforeAll.total).toBe(5);
      expect(all.oldest_started_at).toBe('1999-01-01T00:00:00.000Z');
      // The other advertiser's at-risk alert is neither counted nor the oldest for the isolated user.
      const own_ = await get<AlertsSummary>(isolated, operationsEndpoints.alerts);
      expect(delta(own_, beforeOwn)).toEqual({
        device_offline: 2,
        device_stale: 1,
        screen_off: 0,
        plays_backlog: 0,
        campaign_at_risk: 1,
      });
      expect(own_.total - beforeOwn.total).toBe(4);
      expect(own_.oldest_started_at).toBe('2001-02-03T04:05:06.000Z');
    });

    it("counts the approval list's campaigns and names the one waiting longest (its last change)", async () => {
      const mine = await site();
      const theirs = await site();
      const waiting = await mine.campaign({ state: 0, end: TODAY });
      const longest = await mine.campaign({ state: 0, end: day(30) });
      await mine.campaign({ state: 0, start: day(-9), end: day(-1) }); // ended: not in the approval list
      await mine.campaign({ state: 1 });
      await mine.campaign({ state: 98 });
      const hidden = await theirs.campaign({ state: 0 });
      const changed = async (id: number, at: string) =>
        ctx.db.updateTable('campaigns').set({ updated_at: at }).where('id', '=', id).execute();
      await changed(waiting.id, '2002-05-05T10:00:00Z');
      await changed(longest.id, '2002-05-04T10:00:00Z');
      await changed(hidden.id, '2002-05-01T10:00:00Z');

      const isolated = await isolatedUser([PERMISSIONS.approvals], [mine.advertiser]);
      expect(await get<ApprovalsSummary>(isolated, operationsEndpoints.approvals)).toEqual({
        count: 2,
        oldest: { id: longest.id, name: longest.name, waiting_since: '2002-05-04T10:00:00.000Z' },
      });
      // The same count as the approval list's.
      const admin = await asAdmin(ctx.app);
      const all = await get<ApprovalsSummary>(admin, operationsEndpoints.approvals);
      const list = await admin.page(`/api/campaigns/?for_approval=true&page_size=1`);
      expect(all.count).toBe(list.count);
      expect(all.oldest).toEqual({ id: hidden.id, name: hidden.name, waiting_since: '2002-05-01T10:00:00.000Z' });
      // Nothing waiting: no oldest.
      expect(
        await get<ApprovalsSummary>(await isolatedUser([PERMISSIONS.approvals], []), operationsEndpoints.approvals),
      ).toEqual({ count: 0, oldest: null });
    });

    it('counts campaigns behind and at risk and lists the five missing most plays', async () => {
      const mine = await site();
      const theirs = await site();
      const rows: [Pacing | null, number][] = [
        ['behind', 40],
        ['at_risk', 900],
        ['behind', 310],
        ['at_risk', 500],
        ['behind', 70],
        ['at_risk', 20],
        ['on_track', 5000],
        ['ahead', 0],
        [null, 0],
      ];
      const made = [];
      for (const [pacing, missing] of rows) {
        const c = await mine.campaign();
        await pace(c.id, pacing, missing);
        made.push({ ...c, pacing, missing });
      }
      const other = await theirs.campaign();
      await pace(other.id, 'at_risk', 1_000_000);

      const isolated = await isolatedUser([PERMISSIONS.pacing], [mine.advertiser]);
      const own = await get<PacingSummary>(isolated, operationsEndpoints.pacing);
      expect([own.behind, own.at_risk, own.as_of]).toEqual([3, 3, COMPUTED_AT]);
      const top = [...made]
        .filter((c) => c.pacing === 'behind' || c.pacing === 'at_risk')
        .sort((a, b) => b.missing - a.missing)
        .slice(0, 5)
        .map((c) => ({
          id: c.id,
          name: c.name,
          pacing: c.pacing,
          delivery_pct: 100 - c.missing / 10,
          missing: c.missing,
        }));
      expect(own.top).toEqual(top);

      const all = await get<PacingSummary>(await asAdmin(ctx.app), operationsEndpoints.pacing);
      expect(all.at_risk).toBeGreaterThanOrEqual(4);
      expect(all.top[0]).toMatchObject({ id: other.id, missing: 1_000_000 });
      expect(all.top).toHaveLength(5);
    });

    it("compares today's plays so far with the plays expected by now", async () => {
      const mine = await site();
      const theirs = await site();
      const a = await mine.campaign();
      const b = await mine.campaign();
      const other = await theirs.campaign();
      const isolated = await isolatedUser([PERMISSIONS.playsToday], [mine.advertiser]);
      await hourly(a.id, mine.location, `${day(-1)}T23:00:00Z`, 9, 9); // yesterday
      await hourly(a.id, mine.location, `${TODAY}T00:00:00Z`, 3, 3);
      await hourly(a.id, mine.location, `${TODAY}T10:00:00Z`, 5, 4);
      await hourly(b.id, mine.location, `${TODAY}T10:00:00Z`, 6, 2);
      await hourly(b.id, mine.location, `${TODAY}T11:00:00Z`, 7, 7); // this hour's, as they arrive
      await hourly(other.id, theirs.location, `${TODAY}T10:00:00Z`, 100, 100);

      // No snapshot yet: it is computed as of now (12:00); every play of today counts, and the sites have
      // no screens, so nothing was expected.
      await ctx.db.deleteFrom('job_runs').where('job', '=', 'pacing').where('period', '=', 'last').execute();
      expect(await get<PlaysTodaySummary>(isolated, operationsEndpoints.playsToday)).toEqual({
        day: TODAY,
        plays: 21,
        delivered: 16,
        expected: 0,
        as_of: `${TODAY}T12:00:00.000Z`,
        scope_locations: null,
      });

      await ctx.db.deleteFrom('campaign_pacing').execute();
      await pace(a.id, 'behind', 10, { expected: 12.4 });
      await pace(b.id, 'on_track', 0, { expected: 8.3 });
      await pace(other.id, 'ahead', 0, { expected: 1000 });
      // The snapshot's expected plays (by 11:00) and, from then, none more: the sites have no screens.
      const own = await get<PlaysTodaySummary>(isolated, operationsEndpoints.playsToday);
      expect(own).toEqual({
        day: TODAY,
        plays: 21,
        delivered: 16,
        expected: 21,
        as_of: `${TODAY}T12:00:00.000Z`,
        scope_locations: null,
      });
      const all = await get<PlaysTodaySummary>(await asAdmin(ctx.app), operationsEndpoints.playsToday);
      expect([all.plays - own.plays, all.delivered - own.delivered]).toEqual([100, 100]);
      expect(all.expected).toBeGreaterThanOrEqual(1021);
    });

    it("counts today's plays by the local day and hour of the server's time zone", async () => {
      // 11:22 UTC is 16:52 in Kolkata (+05:30): today began at 18:30 UTC yesterday, and the snapshot of
      // 11:20 UTC (16:50 there) counted to 16:00 there, 10:30 UTC; plays count up to now.
      const app = await ctx.buildApp({ now: () => new Date(at('11:22:00')), timeZone: 'Asia/Kolkata' });
      const mine = await site();
      const c = await mine.campaign();
      await pace(c.id, 'behind', 1, { expected: 4, at: at('11:20:00') });
      await hourly(c.id, mine.location, `${day(-1)}T17:30:00Z`, 1, 1); // 23:00 yesterday there
      await hourly(c.id, mine.location, `${day(-1)}T18:30:00Z`, 2, 2); // 00:00 today there
      await hourly(c.id, mine.location, `${TODAY}T09:30:00Z`, 4, 3); // 15:00
      await hourly(c.id, mine.location, `${TODAY}T10:30:00Z`, 8, 8); // 16:00, the current hour there
      const isolated = await isolatedUser([PERMISSIONS.playsToday], [mine.advertiser], app);
      expect(await get<PlaysTodaySummary>(isolated, operationsEndpoints.playsToday)).toEqual({
        day: TODAY,
        plays: 14,
        delivered: 13,
        expected: 4,
        as_of: `${TODAY}T11:22:00.000Z`,
        scope_locations: null,
      });
    });

    it("counts a location manager's pacing and today's plays at their locations: campaigns playing there, plays and plays expected there", async () => {
      const mine = await site();
      const theirs = await createLocation(ctx.db);
      const here = await mine.campaign();
      const there = await mine.campaign({ locations: [theirs.id] });
      const both = await mine.campaign({ locations: [mine.location, theirs.id] });
      await pace(here.id, 'behind', 10, { expected: 5, places: { [mine.location]: 5 } });
      await pace(there.id, 'at_risk', 900, { expected: 7, places: { [theirs.id]: 7 } });
      await pace(both.id, 'at_risk', 30, { expected: 7, places: { [mine.location]: 3, [theirs.id]: 4 } });
      await hourly(here.id, mine.location, `${TODAY}T09:00:00Z`, 5, 5);
      await hourly(there.id, theirs.id, `${TODAY}T09:00:00Z`, 100, 90);
      await hourly(both.id, mine.location, `${TODAY}T10:00:00Z`, 2, 1);
      await hourly(both.id, theirs.id, `${TODAY}T10:00:00Z`, 50, 50);
      const manager = await asUser(ctx, ALL);
      await ctx.db
        .insertInto('location_managers')
        .values({ user_id: manager.user.id, location_id: mine.location })
        .execute();

      const pacing = await get<PacingSummary>(manager, operationsEndpoints.pacing);
      expect(pacing).toMatchObject({ behind: 1, at_risk: 1, as_of: COMPUTED_AT, scope_locations: 1 });
      expect(pacing.top.map((row) => row.id)).toEqual([both.id, here.id]);
      expect(await get<PlaysTodaySummary>(manager, operationsEndpoints.playsToday)).toEqual({
        day: TODAY,
        plays: 7,
        delivered: 6,
        expected: 8,
        as_of: `${TODAY}T12:00:00.000Z`,
        scope_locations: 1,
      });
      // The home says so on every figure it scopes.
      const home = await get<OperationsHome>(manager, operationsEndpoints.home);
      expect(home.pacing).toEqual(pacing);
      expect(
        [home.screens, home.alerts, home.pacing, home.plays_today].map((figure) => figure?.scope_locations),
      ).toEqual([1, 1, 1, 1]);

      // The whole network for everyone else.
      const network = await get<OperationsHome>(await asUser(ctx, ALL), operationsEndpoints.home);
      expect(network.pacing?.top.map((row) => row.id)).toContain(there.id);
      expect(network.pacing?.scope_locations).toBeNull();
      expect(network.plays_today?.plays).toBeGreaterThanOrEqual(157);
      expect(network.plays_today?.expected).toBeGreaterThanOrEqual(19);
    });

    it('expects, from the hour the snapshot counted to until now, the plays of the screens active now in the zones they show', async () => {
      const app = await ctx.buildApp({ now: () => new Date(at('12:03:00')) });
      const screen = await deliverySite(ctx.db, {
        devices: [{ since: `${TODAY}T00:00:00Z` }, { since: `${TODAY}T00:00:00Z` }, { since: `${TODAY}T00:00:00Z` }],
      });
      const [both, one, off] = screen.devices;
      await ctx.db
        .updateTable('devices')
        .set({ zones: [1, 2] })
        .where('id', '=', both!.id)
        .execute();
      await ctx.db
        .updateTable('devices')
        .set({ zones: [2, 3] })
        .where('id', '=', one!.id)
        .execute();
      await ctx.db.updateTable('devices').set({ is_active: false }).where('id', '=', off!.id).execute();
      const clip = await clipOf(ctx.db, 10);
      const c = await deliveryCampaign(ctx.db, { clip, sites: [screen], zones: [1, 2] });
      const manager = await asUser({ app, db: ctx.db }, [PERMISSIONS.playsToday]);
      await ctx.db
        .insertInto('location_managers')
        .values({ user_id: manager.user.id, location_id: screen.id })
        .execute();
      await hourly(c.id, screen.id, `${TODAY}T12:00:00Z`, 9, 9);
      // A snapshot of 11:59 (four minutes old: read as it is) expected 100 plays by 11:00.
      await ctx.db.deleteFrom('campaign_pacing').execute();
      await pace(c.id, 'on_track', 0, { expected: 100, places: { [screen.id]: 100 }, at: at('11:59:00') });
      // From 11:00 to 12:03 at a 60 s loop: 63 plays in each of the three zones the active screens
      // show of the campaign's (both of one screen's, one of the other's; the disabled one none).
      const plays = await get<PlaysTodaySummary>(manager, operationsEndpoints.playsToday);
      expect(plays).toMatchObject({ plays: 9, expected: 100 + 3 * 63, as_of: at('12:03:00'), scope_locations: 1 });
    });

    it('computes pacing again before answering when the snapshot is older than five minutes, and says when', async () => {
      let now = NOW;
      const app = await ctx.buildApp({ now: () => now });
      const screen = await deliverySite(ctx.db);
      const clip = await clipOf(ctx.db, 10);
      const c = await deliveryCampaign(ctx.db, { clip, sites: [screen] });
      const viewer = await isolatedUser([PERMISSIONS.pacing], [clip.advertiser], app);
      const manager = await asUser({ app, db: ctx.db }, [PERMISSIONS.playsToday]);
      await ctx.db
        .insertInto('location_managers')
        .values({ user_id: manager.user.id, location_id: screen.id })
        .execute();
      // A snapshot of ten minutes ago that has the campaign far short.
      await ctx.db.deleteFrom('campaign_pacing').execute();
      await pace(c.id, 'at_risk', 12_345, { at: at('11:50:00') });

      // Computed as of now: six hours of one play a minute expected by 12:00, none delivered.
      const first = await get<PacingSummary>(viewer, operationsEndpoints.pacing);
      expect(first).toMatchObject({ behind: 0, at_risk: 1, as_of: at('12:00:00') });
      expect(first.top).toMatchObject([{ id: c.id, pacing: 'at_risk', missing: 360 }]);
      const plays = await get<PlaysTodaySummary>(manager, operationsEndpoints.playsToday);
      expect(plays).toMatchObject({ plays: 0, expected: 360, as_of: at('12:00:00'), scope_locations: 1 });

      // Four minutes later the snapshot is read as stored (a change to it shows: nothing was computed).
      await ctx.db.updateTable('campaign_pacing').set({ missing: 777 }).where('campaign_id', '=', c.id).execute();
      now = new Date(at('12:04:00'));
      const stored = await get<PacingSummary>(viewer, operationsEndpoints.pacing);
      expect(stored.as_of).toBe(at('12:00:00'));
      expect(stored.top[0]?.missing).toBe(777);
      // Over five minutes: computed again.
      now = new Date(at('12:05:01'));
      const again = await get<PacingSummary>(viewer, operationsEndpoints.pacing);
      expect(again.as_of).toBe(at('12:05:01'));
      expect(again.top[0]?.missing).toBe(360);
    });

    it('computes a stale snapshot once for home loads at the same time', async () => {
      const screen = await deliverySite(ctx.db);
      await deliveryCampaign(ctx.db, { clip: await clipOf(ctx.db, 10), sites: [screen] });
      let computations = 0;
      const snapshot = createPacingSnapshot({
        db: ctx.db,
        config: { timeZone: 'UTC' },
        delivery: {
          async keepDeliveries() {
            computations++;
            await new Promise((resolve) => setTimeout(resolve, 20));
            return new Map();
          },
        },
      });
      await snapshot.compute(NOW);
      const perComputation = computations;
      expect(perComputation).toBeGreaterThan(0);

      computations = 0;
      const later = new Date(NOW.getTime() + 6 * 60_000);
      await Promise.all([1, 2, 3].map(() => snapshot.ensureFresh(later, 5 * 60_000)));
      expect(computations).toBe(perComputation);
      await snapshot.ensureFresh(later, 5 * 60_000);
      expect(computations).toBe(perComputation);
    });

    it("the home's figures sharing one cut-off: the answer's instant, pacing computed as of it", async () => {
      // Every reading of this clock is a second after the one before, so figures computed from two
      // readings would differ.
      let readings = 0;
      const app = await ctx.buildApp({ now: () => new Date(NOW.getTime() + readings++ * 1000) });
      const admin = await asAdmin(app);
      await stamp(at('10:00:00'));

      const home = await get<OperationsHome>(admin, operationsEndpoints.home);
      const cutoff = home.cutoff;
      expect(home.pacing?.as_of).toBe(cutoff);
      expect(home.plays_today).toMatchObject({
        day: TODAY,
        as_of: cutoff,
      });
      expect(home.screens).not.toBeNull();
      expect(home.alerts).not.toBeNull();
      expect(home.approvals).not.toBeNull();
      // The next answer is of a later instant, and its pacing (fresh) of the first one.
      const next = await get<OperationsHome>(admin, operationsEndpoints.home);
      expect(Date.parse(next.cutoff)).toBeGreaterThan(Date.parse(cutoff));
      expect(next.pacing?.as_of).toBe(cutoff);

      // Figures the user may not see are null.
      const screensOnly = await get<OperationsHome>(
        await asUser({ app, db: ctx.db }, ['list_device']),
        operationsEndpoints.home,
      );
      expect(screensOnly).toMatchObject({ alerts: null, approvals: null, pacing: null, plays_today: null });
      expect(screensOnly.screens?.total).toBeGreaterThan(0);
    });

    it('answers 401 without a session and 403 without the permission of each figure (the home: of all)', async () => {
      const all = await asUser(ctx, ALL);
      for (const [figure, permission] of Object.entries(PERMISSIONS)) {
        const url = operationsEndpoints[figure as keyof typeof PERMISSIONS];
        const anonymous = await new Client(ctx.app).get(url);
        expect(anonymous.statusCode, url).toBe(401);
        expect(anonymous.json()).toEqual({ detail: details.notAuthenticated });
        const without = await asUser(
          ctx,
          ALL.filter((p) => p !== permission),
        );
        const denied = await without.get(url);
        expect(denied.statusCode, url).toBe(403);
        expect(denied.json()).toEqual({ detail: details.permissionDenied });
        expect((await all.get(url)).statusCode, url).toBe(200);
      }
      // The home: any one of them will do.
      const anonymous = await new Client(ctx.app).get(operationsEndpoints.home);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: details.notAuthenticated });
      const none = await (await asUser(ctx, [])).get(operationsEndpoints.home);
      expect(none.statusCode).toBe(403);
      expect(none.json()).toEqual({ detail: details.permissionDenied });
      expect((await all.get(operationsEndpoints.home)).statusCode).toBe(200);
    });
  },
  { config: clockConfig },
);
