// The simulator's screen health: the facts its players send with each heartbeat (storage,
// clock, no drops or faults, the panel off by schedule outside opening hours) and the server keeps, playlist
// fetches with If-None-Match (304 kept), devices that go offline for a while (no heartbeats, no plays,
// then back), stop applying playlists or report the screen off — in the history back-fill, in the live
// run (on a virtual clock, and for real through the command line), and the command line's flags.
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { deviceGatewayEndpoints as api, type HeartbeatInput } from '@marquee/contracts/device-gateway';
import { runSimulation, type SimDevice } from '../src/simulation/driver.ts';
import { zonedInstant } from '../src/simulation/generate.ts';
import { campaignsByLocation, injectSend, issueTokens } from '../src/simulation/in-process.ts';
import { parseDuration, runLive, type PhaseChange } from '../src/simulation/live.ts';
import { createPlayer, emptyHealth, versionOf, type GatewayRequest, type Send } from '../src/simulation/player.ts';
import { dayIn } from '../src/lib/days.ts';
import { parseOptions, withHealthRoles } from '../src/tools/simulate.options.ts';
import { ADMIN_PASSWORD, describeBackends } from './helpers/backends.ts';
import { NOW, clockConfig, createCampaign, day, usableClip } from './helpers/campaign-factories.ts';
import { createDevice, createLocation } from './helpers/location-factories.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MIN = 60_000;

type Call = GatewayRequest & { at: number; status: number };
/** A gateway that records each call with the (simulated) time it was made at. */
const recording = (send: Send, clock: () => number) => {
  const calls: Call[] = [];
  const wrapped: Send = async (request) => {
    const at = clock();
    const response = await send(request);
    calls.push({ ...request, at, status: response.status });
    return response;
  };
  const of = (token: string, p: string) => calls.filter((c) => c.token === token && c.path === p);
  const facts = (token: string) => of(token, api.heartbeat).map((c) => ({ at: c.at, ...(c.body as HeartbeatInput) }));
  return { calls, send: wrapped, of, facts };
};

/**
 * Virtual time for `devices` live devices: each sleep waits until every device sleeps, then the clock
 * jumps to the earliest wake-up, running the hooks due by then first (between two rounds of reports).
 */
function virtualTime(start: number, devices: number, hooks: { at: number; run: () => Promise<unknown> }[] = []) {
  let t = start;
  let busy = false;
  const sleepers: { at: number; wake: () => void }[] = [];
  const advance = async () => {
    if (busy || sleepers.length < devices) return;
    busy = true;
    const at = Math.min(...sleepers.map((s) => s.at));
    for (const hook of hooks.filter((h) => h.at <= at)) {
      hooks.splice(hooks.indexOf(hook), 1);
      await hook.run();
    }
    t = Math.max(t, at);
    const due = sleepers.filter((s) => s.at <= t);
    sleepers.splice(0, sleepers.length, ...sleepers.filter((s) => s.at > t));
    busy = false;
    for (const s of due) s.wake();
  };
  return {
    now: () => t,
    sleep: (ms: number) =>
      new Promise<void>((wake) => {
        sleepers.push({ at: t + Math.max(0, ms), wake });
        void advance();
      }),
  };
}

describe('simulated players', () => {
  it('reads durations in ms, s, m and h, a bare number as minutes', () => {
    expect(['500ms', '90s', '2m', '1.5h', '3', ' 10 s '].map(parseDuration)).toEqual([
      500, 90_000, 120_000, 5_400_000, 180_000, 10_000,
    ]);
    expect(['', 'abc', '-1s', '2 days', '1e3s'].map(parseDuration)).toEqual([null, null, null, null, null]);
  });

  it('sends facts, asks with If-None-Match, keeps its playlist on 304 and, stale, its first version', async () => {
    let version = 'v1';
    const calls: GatewayRequest[] = [];
    const send: Send = async (request) => {
      calls.push(request);
      if (request.path !== api.playlist) return { status: 200, body: {} };
      if (request.headers?.['if-none-match'] === `"${version}"`) return { status: 304, body: null };
      return { status: 200, body: { version, campaigns: [] }, etag: `"${version}"` };
    };
    const counts = emptyHealth();
    const fresh = createPlayer({ token: 'a', send, seed: 1, bootAt: 0, counts });
    const stale = createPlayer({ token: 'b', send, seed: 2, bootAt: 0, counts, stale: true, screenOff: true });
    expect(fresh.facts(0).playlist_version).toBeUndefined();
    for (const player of [fresh, stale]) expect((await player.fetchPlaylist()).changed).toBe(true);
    expect(calls[0]!.headers).toBeUndefined();
    expect((await fresh.fetchPlaylist()).changed).toBe(false);
    expect(calls.at(-1)!.headers).toEqual({ 'if-none-match': '"v1"' });
    version = 'v2';
    expect((await fresh.fetchPlaylist()).changed).toBe(true);
    expect((await stale.fetchPlaylist()).playlist.version).toBe('v1');
    expect(counts).toMatchObject({ playlists: 5, not_modified: 1, versions_applied: 3, versions_ignored: 1 });

    const [a, b] = [fresh.facts(3_600_000), stale.facts(3_600_000)];
    expect(a).toMatchObject({
      playlist_version: 'v2',
      screen_on: true,
      app_version: expect.stringMatching(/^marquee-sim\//),
    });
    expect(b).toMatchObject({ playlist_version: 'v1', screen_on: false });
    expect(fresh.facts(7_200_000).uptime_s).toBe(a.uptime_s! + 3600);
    fresh.restart(7_000_000);
    expect(fresh.facts(7_200_000).uptime_s).toBe(200);
    expect(a.disk_free_mb).toBeGreaterThan(1000);
    expect(a.cpu_temp_c).toBeGreaterThan(b.cpu_temp_c!);
    // The version from the ETag where the body has none.
    expect(versionOf({ version: '' }, 'W/"abc"')).toBe('abc');
  });

  it('reads the command line: live or history, durations, and devices picked for each role in turn', () => {
    const env = { ADMIN_PASSWORD: 'x' };
    const live = parseOptions(['--live', '3m', '--interval', '5s', '--devices', '4', '--offline', '90s'], env);
    expect(live).toMatchObject({ live: 180_000, interval: 5000, days: 0, devices: 4 });
    expect(parseOptions([], env)).toMatchObject({ live: null, days: 7, devices: 10, interval: 60_000 });
    expect(parseOptions(['--live', '1m', '--token', 'a', '--token', 'b'], env)).toMatchObject({
      devices: 2,
      tokens: ['a', 'b'],
    });
    // A token may begin with "-" or even "--" (base64url); only a known option is not taken as one.
    expect(parseOptions(['--token', '-x9', '--live', '1m', '--token', '--Zq_', '--json'], env)).toMatchObject({
      tokens: ['-x9', '--Zq_'],
      live: 60_000,
    });
    expect(() => parseOptions(['--live', '1m', '--token', '--json'], env)).toThrow(/--token/);
    for (const [args, reason] of [
      [['--live', '1m', '--days', '2'], /do not go together/],
      [['--interval', '5s'], /needs --live/],
      [['--token', 't'], /needs --live/],
      [['--offline-after', '1m'], /needs --offline/],
      [['--offline', 'soon'], /duration/],
      [
        ['--devices', '2', '--offline', '1m', '--stale', '1', '--screen-off', '1'],
        /pick 3 devices, but there are only 2/,
      ],
      [['--live', '1m', '--token', 't', '--devices', '1'], /do not go together/],
    ] as const) {
      expect(() => parseOptions([...args], env), args.join(' ')).toThrow(reason);
    }
    expect(() => parseOptions(['--days', '1'], {})).toThrow(/password/);

    const o = parseOptions(
      [
        '--devices',
        '5',
        '--offline',
        '2m',
        '--offline-after',
        '30s',
        '--offline-devices',
        '2',
        '--stale',
        '1',
        '--screen-off',
        '1',
      ],
      env,
    );
    if (o.help) throw new Error('not help');
    const devices = Array.from({ length: 5 }, (_, i) => ({ serial: `D${i}`, token: `t${i}`, location: 1 }));
    expect(withHealthRoles(devices, o.health, 1000)).toEqual([
      { ...devices[0], silent: [31_000, 151_000] },
      { ...devices[1], silent: [31_000, 151_000] },
      { ...devices[2], stale: true },
      { ...devices[3], screenOff: true },
      devices[4],
    ]);
  });
});

describeBackends(
  'simulated screen health',
  (ctx) => {
    /** A location open 06–24 with a 60 s loop, `devices` devices (tokens issued) and a campaign on it. */
    async function setup(devices: number) {
      const location = await createLocation(ctx.db, { zones: [1, 2] });
      for (let i = 0; i < devices; i++) await createDevice(ctx.db, location.id);
      const clip = await usableClip(ctx.db);
      const at = { videoclip: clip.id, locations: [location.id] };
      const running = await createCampaign(ctx.db, { ...at, state: 3, start: day(-2), end: day(3), zones: [1, 2] });
      const tokens = await issueTokens(ctx.db, [location.id]);
      return { location: location.id, clip: clip.id, running: running.id, devices: tokens };
    }
    const settings = () => ({
      timeZone: ctx.config.timeZone,
      ageGroups: ctx.config.campaigns.ageGroups.map((g) => g.id),
      playsPerHour: 'loop' as const,
    });
    /** A device's plays in [from, to). */
    const playsOf = async (serial: string, from: number, to: number) => {
      const row = await ctx.db
        .selectFrom('device_events')
        .innerJoin('devices', 'devices.id', 'device_events.device_id')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('devices.serial_number', '=', serial)
        .where('device_events.started_at', '>=', new Date(from))
        .where('device_events.started_at', '<', new Date(to))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const rowOf = (serial: string) =>
      ctx.db
        .selectFrom('devices')
        .innerJoin('locations', 'locations.id', 'devices.location_id')
        .select([
          'devices.playlist_version',
          'devices.screen_on',
          'devices.uptime_s',
          'devices.app_version',
          'devices.health_state',
          'devices.screen_state',
          'devices.queue_depth',
          'devices.plays_dropped',
          'devices.storage_used_mb',
          'devices.storage_quota_mb',
          'devices.clock_offset_ms',
          'devices.last_fault_at',
          'locations.playlist_version as current',
        ])
        .where('serial_number', '=', serial)
        .executeTakeFirstOrThrow();

    /** The fault rows the server keeps for the device with `serial`. */
    const faultsOf = (serial: string) =>
      ctx.db
        .selectFrom('device_faults')
        .innerJoin('devices', 'devices.id', 'device_faults.device_id')
        .select(['device_faults.kind', 'device_faults.count'])
        .where('devices.serial_number', '=', serial)
        .execute();
    /** Gives the clip's file `mb` MB: what the players hold of it. */
    const clipSize = (clip: number, mb: number) =>
      ctx.db
        .updateTable('videos')
        .set({ size: mb * 1024 * 1024 })
        .where('id', '=', ctx.db.selectFrom('videoclips').select('video_id').where('id', '=', clip))
        .execute();

    it('back-fill: facts with every heartbeat, 304 on an unchanged playlist, no plays offline or screen off', async () => {
      const s = await setup(3);
      const [plain, dark, off] = s.devices as [SimDevice, SimDevice, SimDevice];
      await clipSize(s.clip, 150);
      const from = NOW.getTime() - 86_400_000;
      // Offline from 14:00 yesterday to 03:00 today: no plays, no heartbeat at midnight.
      const silent = [zonedInstant(day(-1), 14 * 60, 'UTC'), zonedInstant(day(0), 3 * 60, 'UTC')] as const;
      const gateway = recording(injectSend(ctx.app), () => 0);
      const summary = await runSimulation({
        devices: [plain, { ...dark, silent }, { ...off, screenOff: true }],
        campaigns: new Map([[s.location, (await campaignsByLocation(ctx.db)).get(s.location) ?? []]]),
        settings: settings(),
        from,
        to: NOW.getTime(),
        seed: 5,
        send: gateway.send,
        concurrency: 1,
      });

      // A heartbeat at the start and at the end of each day (yesterday's, and today's up to 12:00).
      expect(gateway.facts(plain.token)).toHaveLength(3);
      expect(gateway.facts(dark.token)).toHaveLength(2);
      const [first, ...later] = gateway.facts(plain.token);
      expect(first).not.toHaveProperty('playlist_version');
      const version = (await rowOf(plain.serial)).current!;
      for (const f of later) {
        // It holds the playlist's one clip of 150 MB and no plays (sent the same day).
        expect(f).toMatchObject({ status: 'ok', playlist_version: version, storage_used_mb: 150, queue_depth: 0 });
        expect(f.app_version).toMatch(/^marquee-sim\//);
        expect(f.disk_free_mb).toBeGreaterThan(0);
      }
      // Midnight is outside the location's hours (06–24): the panel is off by schedule; at noon, on.
      expect(later.map((f) => [f.screen_state, f.screen_on])).toEqual([
        ['off_by_schedule', false],
        ['on', true],
      ]);
      // Every heartbeat of every device tells every fact: no drops and no faults (the simulator has
      // neither), its own quota, and its clock a little off the server's.
      for (const device of [plain, dark, off]) {
        const facts = gateway.facts(device.token);
        for (const f of facts) {
          expect(f).toMatchObject({ dropped: 0, faults: [], storage_quota_mb: facts[0]!.storage_quota_mb });
          expect(f.storage_quota_mb).toBeGreaterThanOrEqual(4096);
          expect(Math.abs(f.clock_offset_ms!)).toBeLessThan(10_000);
        }
      }
      expect(first!.storage_used_mb).toBe(0);
      expect(later[1]!.uptime_s! - later[0]!.uptime_s!).toBe(12 * 3600);
      // Back after the stretch, it started again at 03:00.
      expect(gateway.facts(dark.token).at(-1)!.uptime_s).toBe(9 * 3600);
      // The first fetch gets the playlist, the later ones 304.
      expect(gateway.of(plain.token, api.playlist).map((c) => c.status)).toEqual([200, 304, 304]);
      expect(gateway.of(plain.token, api.playlist)[1]!.headers).toEqual({ 'if-none-match': `"${version}"` });
      expect(summary.health).toEqual({
        heartbeats: 8,
        playlists: 8,
        not_modified: 5,
        versions_applied: 3,
        versions_ignored: 0,
        offline_stretches: 1,
      });

      expect(await playsOf(dark.serial, ...silent)).toBe(0);
      expect(await playsOf(plain.serial, ...silent)).toBeGreaterThan(0);
      expect(await playsOf(dark.serial, from, silent[0])).toBeGreaterThan(0);
      expect(await playsOf(dark.serial, silent[1], NOW.getTime())).toBeGreaterThan(0);
      expect(await playsOf(off.serial, from, NOW.getTime())).toBe(0);
      expect(gateway.facts(off.token).every((f) => f.screen_on === false)).toBe(true);

      // The server kept what they said.
      const last = gateway.facts(plain.token).at(-1)!;
      expect(await rowOf(plain.serial)).toMatchObject({
        playlist_version: version,
        screen_on: true,
        screen_state: 'on',
        health_state: 'online',
        queue_depth: 0,
        plays_dropped: 0,
        storage_used_mb: 150,
        storage_quota_mb: last.storage_quota_mb,
        clock_offset_ms: last.clock_offset_ms,
        last_fault_at: null,
      });
      expect(await faultsOf(plain.serial)).toEqual([]);
      expect(await rowOf(off.serial)).toMatchObject({
        screen_on: false,
        screen_state: 'off',
        health_state: 'screen_off',
      });
    });

    it('live: outside the opening hours a screen reports off by schedule, no incident; the server keeps each fact', async () => {
      const s = await setup(1);
      const device = s.devices[0]!;
      // The location closes at 11:00; the run goes from 10:00 to 12:00.
      await ctx.db.updateTable('locations').set({ close_time: '11:00' }).where('id', '=', s.location).execute();
      await clipSize(s.clip, 40);
      const start = NOW.getTime() - 120 * MIN;
      const clock = virtualTime(start, 1);
      const gateway = recording(injectSend(ctx.app), clock.now);
      await runLive({
        devices: [device],
        settings: settings(),
        seed: 9,
        send: gateway.send,
        until: NOW.getTime(),
        interval: 15 * MIN,
        now: clock.now,
        sleep: clock.sleep,
      });
      const facts = gateway.facts(device.token);
      expect(facts.map((f) => f.at)).toEqual(Array.from({ length: 9 }, (_, i) => start + i * 15 * MIN));
      expect(facts.map((f) => f.screen_state)).toEqual([...Array(4).fill('on'), ...Array(5).fill('off_by_schedule')]);
      expect(facts.every((f) => f.screen_on === (f.screen_state === 'on'))).toBe(true);
      // No plays after closing; the clip held all the while once the first playlist came.
      expect(await playsOf(device.serial, start + 60 * MIN, NOW.getTime())).toBe(0);
      expect(await playsOf(device.serial, start, start + 60 * MIN)).toBeGreaterThan(0);
      expect(facts.map((f) => f.storage_used_mb)).toEqual([0, ...Array(8).fill(40)]);
      // Its clock drifts: every report tells it, each a little further (or back) by the same step.
      const offsets = facts.map((f) => f.clock_offset_ms!);
      const steps = offsets.slice(1).map((o, i) => o - offsets[i]!);
      expect(Math.max(...steps) - Math.min(...steps)).toBeLessThanOrEqual(1);
      expect(facts.every((f) => f.dropped === 0 && Array.isArray(f.faults) && !f.faults.length)).toBe(true);

      const last = facts.at(-1)!;
      expect(await rowOf(device.serial)).toMatchObject({
        screen_on: false,
        screen_state: 'off_by_schedule',
        // Off by schedule is no incident.
        health_state: 'online',
        queue_depth: 0,
        plays_dropped: 0,
        storage_used_mb: 40,
        storage_quota_mb: last.storage_quota_mb,
        clock_offset_ms: last.clock_offset_ms,
        last_fault_at: null,
      });
      expect(await faultsOf(device.serial)).toEqual([]);
    });

    it('live: an offline stretch leaves a gap, a stale device keeps its version after a change, screen off plays nothing', async () => {
      const s = await setup(4);
      const [dark, stale, off, plain] = s.devices as [SimDevice, SimDevice, SimDevice, SimDevice];
      const start = NOW.getTime() - 120 * MIN;
      const silent = [start + 30 * MIN, start + 60 * MIN] as const;
      // At 11:20 another campaign is approved there: the playlist's content, and so its version, changes.
      const change = start + 80 * MIN;
      const clock = virtualTime(start, 4, [
        {
          at: change,
          run: () => createCampaign(ctx.db, { videoclip: s.clip, locations: [s.location], state: 1, start: day(0) }),
        },
      ]);
      const gateway = recording(injectSend(ctx.app), clock.now);
      const phases: PhaseChange[] = [];
      const summary = await runLive({
        devices: [{ ...dark, silent }, { ...stale, stale: true }, { ...off, screenOff: true }, plain],
        settings: settings(),
        seed: 3,
        send: gateway.send,
        until: NOW.getTime(),
        interval: 5 * MIN,
        now: clock.now,
        sleep: clock.sleep,
        onPhase: (p) => phases.push(p),
      });

      // Reports every 5 minutes from 10:00 to 12:00, none in the dark half hour.
      const beats = (token: string) => gateway.of(token, api.heartbeat).map((c) => c.at);
      expect(beats(plain.token)).toEqual(Array.from({ length: 25 }, (_, i) => start + i * 5 * MIN));
      expect(beats(dark.token)).toEqual(beats(plain.token).filter((t) => t < silent[0] || t >= silent[1]));
      expect(gateway.calls.filter((c) => c.token === dark.token && c.at >= silent[0] && c.at < silent[1])).toEqual([]);
      expect(phases).toEqual([
        { device: dark.serial, phase: 'offline', at: silent[0] },
        { device: dark.serial, phase: 'online', at: silent[1] },
      ]);
      expect(gateway.facts(dark.token).find((f) => f.at === silent[1])!.uptime_s).toBe(0);
      expect(await playsOf(dark.serial, ...silent)).toBe(0);
      expect(await playsOf(plain.serial, ...silent)).toBeGreaterThan(20);
      expect(await playsOf(dark.serial, silent[1], NOW.getTime())).toBeGreaterThan(20);
      expect(await playsOf(off.serial, start, NOW.getTime())).toBe(0);

      // Unchanged, the playlist answers 304; after the change the plain device applies the new version
      // (and plays the new campaign), the stale one keeps echoing the first.
      const fetches = gateway.of(plain.token, api.playlist);
      expect(fetches.map((c) => c.status)).toEqual(fetches.map((c, i) => (i === 0 || c.at === change ? 200 : 304)));
      const versions = (token: string) => [...new Set(gateway.facts(token).map((f) => f.playlist_version))];
      const [before, after] = versions(plain.token).slice(1) as [string, string];
      expect(versions(plain.token)).toEqual([undefined, before, after]);
      expect(versions(stale.token)).toEqual([undefined, before]);
      expect(
        gateway
          .of(stale.token, api.playlist)
          .filter((c) => c.at >= change)
          .every((c) => c.status === 200),
      ).toBe(true);
      expect(gateway.facts(off.token).every((f) => f.screen_on === false)).toBe(true);
      expect(summary.health).toMatchObject({ heartbeats: 25 * 4 - 6, offline_stretches: 1, versions_ignored: 9 });
      expect(summary.byCampaign.size).toBe(2);

      expect(await rowOf(stale.serial)).toMatchObject({ playlist_version: before, current: after });
      expect(await rowOf(plain.serial)).toMatchObject({ playlist_version: after, health_state: 'online' });
      expect(await rowOf(off.serial)).toMatchObject({ screen_on: false, health_state: 'screen_off' });
    });

    it('live in real time: a device goes quiet for a moment and comes back', async () => {
      const s = await setup(1);
      const device = s.devices[0]!;
      const start = Date.now();
      const silent = [start + 300, start + 700] as const;
      // Each call is recorded at the time the device last read from its clock, the time it decided to
      // report, not when the call left: a loaded machine may hold the thread between the two (the first
      // heartbeat's facts alone spawn `git` for the app version), so a report decided just before the
      // stretch could leave inside it.
      let decided = start;
      const now = () => (decided = Date.now());
      const gateway = recording(injectSend(ctx.app), () => decided);
      const phases: PhaseChange[] = [];
      const summary = await runLive({
        devices: [{ ...device, silent }],
        settings: settings(),
        seed: 1,
        send: gateway.send,
        until: start + 1200,
        interval: 100,
        now,
        onPhase: (p) => phases.push(p),
      });
      const beats = gateway.of(device.token, api.heartbeat).map((c) => c.at);
      expect(beats.filter((t) => t < silent[0]).length).toBeGreaterThan(0);
      expect(beats.filter((t) => t >= silent[1]).length).toBeGreaterThan(0);
      // Reports begin with the heartbeat (a slow one may finish inside the stretch): none began in it. A
      // timer may wake a millisecond before its time; the device then takes the stretch's end as its time,
      // while its clock read a millisecond less.
      const EARLY_TIMER_MS = 2;
      expect(beats.filter((t) => t >= silent[0] && t < silent[1] - EARLY_TIMER_MS)).toEqual([]);
      expect(phases.map((p) => p.phase)).toEqual(['offline', 'online']);
      expect(phases[1]!.at).toBeGreaterThanOrEqual(silent[1]);
      expect(summary.health.offline_stretches).toBe(1);
    });

    it('the command line runs live against a server: roles, phases and the summary as JSON', async () => {
      const app = await ctx.buildApp({});
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const location = await createLocation(ctx.db);
      // Open all day: the run goes by the wall clock, and a screen outside the hours is off by schedule.
      await ctx.db
        .updateTable('locations')
        .set({ open_time: '00:00', close_time: '24:00' })
        .where('id', '=', location.id)
        .execute();
      const clip = await usableClip(ctx.db);
      const today = dayIn(new Date(), ctx.config.timeZone);
      const campaign = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [location.id],
        state: 1,
        start: today,
        end: today,
      });
      await createDevice(ctx.db, location.id);
      const args = [
        '--live',
        '4s',
        '--interval',
        '1s',
        '--devices',
        '2',
        '--offline',
        '1500ms',
        '--offline-after',
        '1s',
      ];
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          'apps/server/src/tools/simulate.ts',
          ...args,
          '--stale',
          '1',
          '--campaign',
          String(campaign.id),
          '--url',
          url,
          '--json',
        ],
        { cwd: ROOT, env: { ...process.env, ADMIN_PASSWORD }, timeout: 25_000 },
      );
      const lines = stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const [head, ...rest] = lines;
      const summary = rest.at(-1)!;
      const devices = head!.devices as { serial: string; location: number; offline: object | null; stale: boolean }[];
      expect(devices.map((d) => [d.location, !!d.offline, d.stale])).toEqual([
        [location.id, true, false],
        [location.id, false, true],
      ]);
      expect(rest.slice(0, -1).map((l) => [l.device, l.phase])).toEqual([
        [devices[0]!.serial, 'offline'],
        [devices[0]!.serial, 'online'],
      ]);
      expect(summary).toMatchObject({ offline_stretches: 1, versions_applied: 2 });
      expect(summary.heartbeats).toBeGreaterThanOrEqual(7);
      expect(summary.not_modified).toBeGreaterThan(0);
      const stored = await ctx.db
        .selectFrom('devices')
        .select(['serial_number', 'is_simulated', 'app_version', 'screen_on', 'screen_state', 'storage_quota_mb'])
        .where(
          'serial_number',
          'in',
          devices.map((d) => d.serial),
        )
        .execute();
      expect(stored).toHaveLength(2);
      expect(stored.every((d) => d.is_simulated && d.screen_on && d.app_version?.startsWith('marquee-sim/'))).toBe(
        true,
      );
      expect(stored.every((d) => d.screen_state === 'on' && d.storage_quota_mb! >= 4096)).toBe(true);
    });
  },
  { config: clockConfig },
);
