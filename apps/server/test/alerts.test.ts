// Screen health and alerts through the API and the app's jobs: one incident per outage
// during opening hours (past midnight too), closed when the device recovers, with the campaigns at
// risk and their plays lost; stale playlists and screens off; the playlist's version and 304; campaigns
// at risk from the hourly pacing check; recipients, mails once per incident, visibility, acknowledge.
import { expect, it } from 'vitest';
import type { Alert } from '@marquee/contracts/alerts';
import type { Paged } from '@marquee/contracts/common';
import { deviceGatewayEndpoints, type PlaylistResponse } from '@marquee/contracts/device-gateway';
import type { Device } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import type { Config } from '../src/config.ts';
import { describeBackends, type TestContext } from './helpers/backends.ts';
import { TODAY, createCampaign, day, usableClip } from './helpers/campaign-factories.ts';
import { clipOf, deliveryCampaign, deliverySite, plays, sendPlays } from './helpers/delivery-factories.ts';
import { asAdmin, asRoleUser, asUser, createUser } from './helpers/factories.ts';
import { outboxMails, tempOutbox } from './helpers/mail.ts';

const api = resources.alerts.endpoint;
const at = (time: string, d = TODAY) => new Date(`${d}T${time}:00Z`);

/** An app on the test database whose clock the test moves. */
async function clockedApp(ctx: TestContext, start: Date, overrides: Partial<Config> = {}) {
  let now = start;
  const app = await ctx.buildApp({ now: () => now, ...overrides });
  return {
    app,
    set: (date: Date) => {
      now = date;
    },
    /** Moves the clock and runs all jobs (maintenance, screen health and alerts, pacing). */
    async sweep(date?: Date, times = 1) {
      if (date) now = date;
      for (let i = 0; i < times; i++) await app.jobs.run();
    },
    async heartbeat(token: string, body: Record<string, unknown> = {}) {
      const res = await app.inject({
        method: 'POST',
        url: deviceGatewayEndpoints.heartbeat,
        headers: { authorization: `Bearer ${token}` },
        payload: { status: 'ok', ...body },
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    async playlist(token: string, etag?: string) {
      return app.inject({
        method: 'GET',
        url: deviceGatewayEndpoints.playlist,
        headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    },
  };
}

describeBackends('alerts', (ctx) => {
  const alertsOf = async (where: { device?: number; campaign?: number }) =>
    ctx.db
      .selectFrom('alerts')
      .select(['id', 'kind', 'started_at', 'ended_at'])
      .where(where.device ? 'device_id' : 'campaign_id', '=', where.device ?? where.campaign ?? 0)
      .orderBy('id')
      .execute();
  const inbox = async (userId: number) =>
    (
      await ctx.db
        .selectFrom('messages')
        .select(['importance', 'content'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
    ).map((m) => m.content);
  const manage = (userId: number, locationId: number) =>
    ctx.db.insertInto('location_managers').values({ user_id: userId, location_id: locationId }).execute();
  const lost = async (alertId: number) =>
    (
      await ctx.db
        .selectFrom('alert_campaigns')
        .select(['campaign_id', 'plays_lost'])
        .where('alert_id', '=', alertId)
        .execute()
    ).map((r) => [r.campaign_id, r.plays_lost]);

  it('opens one alert per outage during opening hours, with the plays lost, and closes it on recovery', async () => {
    const site = await deliverySite(ctx.db);
    const manager = await createUser(ctx.db, { email: 'ops-manager@example.com' });
    await manage(manager.id, site.id);
    const clip = await clipOf(ctx.db, 10);
    const campaign = await deliveryCampaign(ctx.db, { clip, sites: [site] });
    const outbox = tempOutbox();
    await ctx.db
      .insertInto('alert_subscriptions')
      .values({ user_id: manager.id, kind: 'device_offline', scope: 'mine', mail: true })
      .execute();
    const clock = await clockedApp(ctx, at('10:00'), { mail: outbox.mail });
    const device = site.devices[0]!;
    await clock.heartbeat(device.token);
    await clock.sweep();
    expect(await alertsOf({ device: device.id })).toEqual([]);

    // Silent for exactly 10 minutes is not offline yet; a minute later it is: one alert, however
    // many sweeps run.
    await clock.sweep(at('10:10'));
    expect(await alertsOf({ device: device.id })).toEqual([]);
    await clock.sweep(at('10:11'), 3);
    const [alert, ...more] = await alertsOf({ device: device.id });
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ kind: 'device_offline', ended_at: null });
    expect(new Date(alert!.started_at).toISOString()).toBe(at('10:00').toISOString());
    // 11 minutes of a 60 s loop in one zone.
    expect(await lost(alert!.id)).toEqual([[campaign.id, 11]]);
    const opened = await inbox(manager.id);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatch(
      /^Device \S+ at \S+ has been offline since 2030-06-15 10:00\. Campaigns at risk: .+ \(11 plays lost\)\.$/,
    );
    expect(outboxMails(outbox.dir, 'ops-manager@example.com')).toHaveLength(1);

    await clock.sweep(at('10:30'));
    expect(await lost(alert!.id)).toEqual([[campaign.id, 30]]);

    // Reporting again closes it at the next sweep: one message more, no mail more.
    clock.set(at('10:31'));
    await clock.heartbeat(device.token);
    await clock.sweep(undefined, 2);
    const [closed] = await alertsOf({ device: device.id });
    expect(new Date(closed!.ended_at!).toISOString()).toBe(at('10:31').toISOString());
    expect(await lost(alert!.id)).toEqual([[campaign.id, 31]]);
    const messages = await inbox(manager.id);
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatch(/^Resolved at 2030-06-15 10:31: Screen offline of device /);
    expect(outboxMails(outbox.dir, 'ops-manager@example.com')).toHaveLength(1);
    expect((await alertsOf({ device: device.id })).length).toBe(1);
  });

  it("counts the plays an offline screen loses only in the campaign's zones it shows", async () => {
    const site = await deliverySite(ctx.db);
    const clip = await clipOf(ctx.db, 10);
    const campaign = await deliveryCampaign(ctx.db, { clip, sites: [site], zones: [1, 2] });
    const device = site.devices[0]!;
    const shows = (zones: number[]) =>
      ctx.db.updateTable('devices').set({ zones }).where('id', '=', device.id).execute();
    const clock = await clockedApp(ctx, at('10:00'));
    await clock.heartbeat(device.token);
    // Showing zones 2 and 3: of the campaign's zones 1 and 2 it loses one (11 minutes of a 60 s loop).
    await shows([2, 3]);
    await clock.sweep(at('10:11'));
    const [alert] = await alertsOf({ device: device.id });
    expect(await lost(alert!.id)).toEqual([[campaign.id, 11]]);
    // Showing both, it loses twice as many.
    await shows([1, 2]);
    await clock.sweep(at('10:20'));
    expect(await lost(alert!.id)).toEqual([[campaign.id, 40]]);
  });

  it('opens device alerts only while the location is open, past midnight too', async () => {
    // A bar open 22:00–02:00.
    const site = await deliverySite(ctx.db, {
      open: '22:00',
      close: '02:00',
      devices: [{ since: `${day(-1)}T00:00:00Z` }, { since: `${day(-1)}T00:00:00Z` }],
    });
    const [late, early] = site.devices as [{ id: number; token: string }, { id: number; token: string }];
    const clock = await clockedApp(ctx, at('00:30'));
    await clock.heartbeat(late.token);
    // Silent from 00:30: offline at 01:00, inside the night's opening hours.
    await clock.sweep(at('01:00'));
    const [night] = await alertsOf({ device: late.id });
    expect(new Date(night!.started_at).toISOString()).toBe(at('00:30').toISOString());

    // Silent from 02:30, after closing: offline at 03:00, but no incident until the bar opens again,
    // and then it starts at the opening.
    clock.set(at('02:30'));
    await clock.heartbeat(early.token);
    await clock.sweep(at('03:00'));
    const state = await ctx.db
      .selectFrom('devices')
      .select('health_state')
      .where('id', '=', early.id)
      .executeTakeFirstOrThrow();
    expect(state.health_state).toBe('offline');
    expect(await alertsOf({ device: early.id })).toEqual([]);
    await clock.sweep(at('21:59'));
    expect(await alertsOf({ device: early.id })).toEqual([]);
    await clock.sweep(at('22:05'));
    const [evening] = await alertsOf({ device: early.id });
    expect(new Date(evening!.started_at).toISOString()).toBe(at('22:00').toISOString());
    // The night's outage of the other device is still one incident.
    expect(await alertsOf({ device: late.id })).toHaveLength(1);
  });

  it('versions the playlist by content (ETag, 304), and finds stale playlists and screens off', async () => {
    const site = await deliverySite(ctx.db, {
      devices: [{ since: `${day(-1)}T00:00:00Z` }, { since: `${day(-1)}T00:00:00Z` }],
    });
    const [player, panel] = site.devices as [{ id: number; token: string }, { id: number; token: string }];
    const clip = await clipOf(ctx.db, 10);
    const first = await deliveryCampaign(ctx.db, { clip, sites: [site], state: 1 });
    const clock = await clockedApp(ctx, at('09:00'));
    const res = await clock.playlist(player.token);
    expect(res.statusCode).toBe(200);
    const body = res.json<PlaylistResponse>();
    expect(res.headers.etag).toBe(`"${body.version}"`);
    // Fetching moved the campaign to Sent: a state is not content, so the version stays.
    const notModified = await clock.playlist(player.token, res.headers.etag as string);
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers['content-length']).toBeUndefined();
    expect((await clock.playlist(player.token, `W/"other", ${res.headers.etag as string}`)).statusCode).toBe(304);
    const again = await clock.playlist(player.token, '"other"');
    expect(again.statusCode).toBe(200);
    expect(again.json<PlaylistResponse>().version).toBe(body.version);
    expect(again.json<PlaylistResponse>().campaigns[0]!.state).toBe(2);

    await clock.heartbeat(player.token, {
      playlist_version: body.version,
      screen_on: true,
      uptime_s: 3600,
      disk_free_mb: 2048,
      cpu_temp_c: 51.5,
      app_version: 'player/2.1',
    });
    await clock.heartbeat(panel.token, { playlist_version: body.version });
    const admin = await asAdmin(ctx.app);
    const devices = (await admin.get(`${resources.locations.endpoint}${site.id}/data_devices/`)).json<Paged<Device>>();
    expect(devices.results.find((d) => d.id === player.id)).toMatchObject({
      state: 'online',
      playlist_version: body.version,
      playlist_applied_at: at('09:00').toISOString(),
      screen_on: true,
      uptime_s: 3600,
      disk_free_mb: 2048,
      cpu_temp_c: 51.5,
      app_version: 'player/2.1',
    });

    // New content at 09:10 (the sweep notices it); the player keeps reporting the old version.
    await deliveryCampaign(ctx.db, { clip, sites: [site], state: 1 });
    await clock.sweep(at('09:10'));
    const changed = (await clock.playlist(panel.token)).json<PlaylistResponse>();
    expect(changed.version).not.toBe(body.version);
    clock.set(at('09:20'));
    await clock.heartbeat(player.token, { playlist_version: body.version });
    await clock.heartbeat(panel.token, { playlist_version: changed.version });
    await clock.sweep(at('09:25'));
    expect(await alertsOf({ device: player.id })).toEqual([]);
    // More than 15 minutes after the change: stale (while still reporting).
    await clock.heartbeat(player.token, { playlist_version: body.version });
    await clock.sweep(at('09:26'));
    expect(await alertsOf({ device: player.id })).toMatchObject([{ kind: 'device_stale', ended_at: null }]);
    const [stale] = await alertsOf({ device: player.id });
    expect(new Date(stale!.started_at).toISOString()).toBe(at('09:25').toISOString());
    expect(await alertsOf({ device: panel.id })).toEqual([]);
    await clock.heartbeat(player.token, { playlist_version: changed.version });
    await clock.sweep();
    expect((await alertsOf({ device: player.id }))[0]!.ended_at).not.toBeNull();

    // A screen reported off during opening hours is an incident; at night it is not.
    await clock.heartbeat(panel.token, { screen_on: false, playlist_version: changed.version });
    await clock.sweep(at('09:27'));
    expect(await alertsOf({ device: panel.id })).toMatchObject([{ kind: 'screen_off', ended_at: null }]);
    await clock.heartbeat(panel.token, { screen_on: true });
    await clock.sweep();
    expect((await alertsOf({ device: panel.id }))[0]!.ended_at).not.toBeNull();
    clock.set(at('02:00', day(1)));
    await clock.heartbeat(panel.token, { screen_on: false });
    await clock.sweep();
    expect(await alertsOf({ device: panel.id })).toHaveLength(1);
    const row = await ctx.db
      .selectFrom('devices')
      .select('health_state')
      .where('id', '=', panel.id)
      .executeTakeFirstOrThrow();
    expect(row.health_state).toBe('online');
    expect(first.id).toBeGreaterThan(0);
  });

  it('opens a campaign alert from the hourly pacing check, for its author and campaign managers', async () => {
    const author = await createUser(ctx.db);
    const campaignManager = await createUser(ctx.db);
    const bystander = await createUser(ctx.db);
    const site = await deliverySite(ctx.db, { devices: [{ since: `${day(-1)}T00:00:00Z` }] });
    await ctx.db
      .insertInto('location_campaign_managers')
      .values({ user_id: campaignManager.id, location_id: site.id })
      .execute();
    const clip = await clipOf(ctx.db, 10);
    const c = await deliveryCampaign(ctx.db, { clip, sites: [site], start: day(-1), end: day(5) });
    await ctx.db.updateTable('campaigns').set({ created_by: author.id }).where('id', '=', c.id).execute();
    // Half of yesterday's plays: far behind (at risk).
    const clock = await clockedApp(ctx, at('12:05'));
    await sendPlays(
      clock.app,
      site.devices[0]!.token,
      plays(c.id, 540, `${day(-1)}T06:00:00Z`, { duration_ms: 10_000 }),
    );
    await clock.sweep(undefined, 2);
    const alerts = await alertsOf({ campaign: c.id });
    expect(alerts).toMatchObject([{ kind: 'campaign_at_risk', ended_at: null }]);
    // Due by 12:00: 1080 yesterday + 360 today; 540 delivered.
    expect(await lost(alerts[0]!.id)).toEqual([[c.id, 900]]);
    const pacing = await ctx.db
      .selectFrom('campaign_pacing')
      .selectAll()
      .where('campaign_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(pacing).toMatchObject({ pacing: 'at_risk', missing: 900, expected_today: 360 });
    expect(await inbox(author.id)).toHaveLength(1);
    expect((await inbox(author.id))[0]).toMatch(/is at risk: 37\.5 % of its due plays delivered\.$/);
    expect(await inbox(campaignManager.id)).toHaveLength(1);
    expect(await inbox(bystander.id)).toEqual([]);

    // The rest delivered (inside the opening hours, 06–24): the next hour's check closes it; within the
    // same hour nothing runs again.
    await sendPlays(clock.app, site.devices[0]!.token, [
      ...plays(c.id, 540, `${day(-1)}T15:00:00Z`, { duration_ms: 10_000 }),
      ...plays(c.id, 360, `${TODAY}T06:00:00Z`, { duration_ms: 10_000 }),
    ]);
    await clock.sweep(at('12:50'));
    expect((await alertsOf({ campaign: c.id }))[0]!.ended_at).toBeNull();
    await clock.sweep(at('13:01'));
    expect((await alertsOf({ campaign: c.id }))[0]!.ended_at).not.toBeNull();
    expect(await inbox(author.id)).toHaveLength(2);
  });

  it('lists alerts the user may see, filters them, and records who acknowledged one', async () => {
    const site = await deliverySite(ctx.db);
    const clip = await clipOf(ctx.db, 10);
    const campaign = await deliveryCampaign(ctx.db, { clip, sites: [site] });
    const otherClip = await usableClip(ctx.db);
    const other = await createCampaign(ctx.db, {
      videoclip: otherClip.id,
      locations: [site.id],
      state: 3,
      start: day(-1),
      end: day(1),
    });
    const clock = await clockedApp(ctx, at('08:00'));
    await clock.heartbeat(site.devices[0]!.token);
    await clock.sweep(at('08:30'));
    const [alert] = await alertsOf({ device: site.devices[0]!.id });
    // The pacing check of the same sweep found both campaigns at risk (nothing played yet).
    const [campaignAlert] = (await alertsOf({ campaign: other.id })).map((a) => a.id);
    expect(campaignAlert).toBeDefined();

    const admin = await asAdmin(ctx.app);
    const all = (await admin.get(`${api}?location=${site.id}`)).json<Paged<Alert>>();
    expect(all.results.map((a) => a.id)).toEqual([alert!.id]);
    const byCampaign = (await admin.get(`${api}?campaign=${campaign.id}&open=true&kind=device_offline`)).json<
      Paged<Alert>
    >();
    expect(byCampaign.results.map((a) => a.id)).toEqual([alert!.id]);
    expect(byCampaign.results[0]!.campaigns_at_risk.map((r) => r.campaign).sort()).toEqual(
      [campaign.id, other.id].sort(),
    );
    const kinds = (await admin.get(`${api}?kind=campaign_at_risk&ordering=-open,-started_at`)).json<Paged<Alert>>();
    expect(kinds.results.map((a) => a.id)).toContain(campaignAlert);
    expect((await admin.get(`${api}?kind=nonsense`)).statusCode).toBe(400);
    expect((await admin.get(`${api}?ordering=nonsense`)).statusCode).toBe(400);

    // A user who sees only the first campaign's advertiser: no alert of the other campaign, and it is
    // left out of the device alert's campaigns at risk.
    const limited = await asRoleUser(ctx.app, ctx.db, ['list_alert', 'view_alert'], {
      viewAll: false,
      advertisers: [clip.advertiser],
    });
    const seen = (await limited.get(`${api}?page_size=0`)).json<Paged<Alert>>();
    expect(seen.results.map((a) => a.id)).not.toContain(campaignAlert);
    const mine = seen.results.find((a) => a.id === alert!.id)!;
    expect(mine.campaigns_at_risk.map((r) => r.campaign)).toEqual([campaign.id]);
    expect((await limited.get(`${api}${campaignAlert}/`)).statusCode).toBe(404);
    expect((await limited.post(`${api}${alert!.id}/acknowledge/`, {})).statusCode).toBe(403);

    const acker = await asUser(ctx, ['change_alert']);
    const acked = await acker.post(`${api}${alert!.id}/acknowledge/`, {});
    expect(acked.statusCode, acked.body).toBe(200);
    expect(acked.json<Alert>()).toMatchObject({
      acknowledged_by: acker.user.id,
      acknowledged_by_name: `Full ${acker.user.username}`,
    });
    expect(acked.json<Alert>().acknowledged_at).toEqual(expect.any(String));
    const again = await acker.post(`${api}${alert!.id}/acknowledge/`, {});
    expect(again.statusCode).toBe(400);
    const log = await ctx.db
      .selectFrom('log_entries')
      .select(['user_id', 'change_message'])
      .where('model', '=', 'alert')
      .where('object_id', '=', String(alert!.id))
      .execute();
    expect(log).toEqual([{ user_id: acker.user.id, change_message: 'Acknowledged the alert: Screen offline.' }]);

    const nobody = await asUser(ctx, []);
    expect((await nobody.get(api)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: api })).statusCode).toBe(401);
    expect((await admin.get(`${api}999999/`)).statusCode).toBe(404);
  });
});
