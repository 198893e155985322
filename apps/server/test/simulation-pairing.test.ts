// The simulator as a screen without a token: it pairs through the gateway (its code typed in by itself
// with --claim-as, or by staff while it polls; given up once the pairing expires), then reports with
// the token it got; and it plays each local day from that day's entry of the two-day playlist it holds,
// so plays after midnight follow tomorrow's campaigns without a fetch after midnight.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { deviceGatewayEndpoints as api } from '@marquee/contracts/device-gateway';
import { devicePairEndpoint } from '@marquee/contracts/device-pairing';
import { zonedInstant } from '../src/simulation/generate.ts';
import { injectSend, issueTokens } from '../src/simulation/in-process.ts';
import { runLive } from '../src/simulation/live.ts';
import { PairingEnded, pairScreen } from '../src/simulation/pairing.ts';
import type { GatewayRequest, Send } from '../src/simulation/player.ts';
import { addDays, dayIn } from '../src/lib/days.ts';
import { describeBackends } from './helpers/backends.ts';
import { createCampaign, day, usableClip } from './helpers/campaign-factories.ts';
import { asUser, uniq } from './helpers/factories.ts';
import { createDevice, createLocation } from './helpers/location-factories.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MIN = 60_000;

describeBackends('simulated screens: pairing and the two-day playlist', (ctx) => {
  /** A location open all day (or `hours`) with `zones`, managed by a user who may pair screens there. */
  async function pairingPlace(zones: number[], hours = { open_time: '00:00', close_time: '24:00' }) {
    const manager = await asUser(ctx, ['add_device', 'view_device', 'change_device']);
    const location = await createLocation(ctx.db, { managers: [manager.user.id], zones });
    await ctx.db.updateTable('locations').set(hours).where('id', '=', location.id).execute();
    return { manager, location: location.id };
  }
  /** The device's stored plays by campaign: [campaign, first start, last start, count]. */
  const playsOf = async (serial: string) =>
    (
      await ctx.db
        .selectFrom('device_events')
        .innerJoin('devices', 'devices.id', 'device_events.device_id')
        .select([
          'device_events.campaign_id as campaign',
          sql<Date>`min(device_events.started_at)`.as('first'),
          sql<Date>`max(device_events.started_at)`.as('last'),
          sql<number>`count(*)::int`.as('n'),
        ])
        .where('devices.serial_number', '=', serial)
        .groupBy('device_events.campaign_id')
        .orderBy('device_events.campaign_id')
        .execute()
    ).map((r) => ({ campaign: r.campaign, first: new Date(r.first), last: new Date(r.last), n: Number(r.n) }));

  it('the command line pairs a screen, types its code in itself, keeps its token and reports with it', async () => {
    const app = await ctx.buildApp({});
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // Open this hour and the next only, so that the day's plays drawn at a high rate stay few: ten
    // campaigns at 700 plays an hour give about ten plays in the five seconds of the run.
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: ctx.config.timeZone, hour: '2-digit', hourCycle: 'h23' }).format(
        new Date(),
      ),
    );
    const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
    const { manager, location } = await pairingPlace([1, 2], {
      open_time: hh(hour),
      close_time: hour + 2 === 24 ? '24:00' : hh((hour + 2) % 24),
    });
    const clip = await usableClip(ctx.db);
    const today = dayIn(new Date(), ctx.config.timeZone);
    // Until tomorrow: a run across midnight stays within the campaigns' dates.
    const at = { videoclip: clip.id, locations: [location], state: 1, start: today, end: addDays(today, 1) };
    const shown: number[] = [];
    for (let i = 0; i < 10; i++) shown.push((await createCampaign(ctx.db, { ...at, zones: [1] })).id);
    // In a zone the paired screen does not show: not in its playlist, never played.
    await createCampaign(ctx.db, { ...at, zones: [2] });
    // A token file from an earlier run, readable by others: the new token is added, the file made private.
    const dir = mkdtempSync(path.join(tmpdir(), 'simulate-pairing-'));
    const tokenFile = path.join(dir, 'tokens');
    writeFileSync(tokenFile, 'earlier-token\n', { mode: 0o644 });
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/tools/simulate.ts',
        '--live',
        '5s',
        '--interval',
        '1s',
        '--rate',
        '700',
        '--pair',
        '--claim-as',
        `${manager.user.username}:${manager.user.password}`,
        '--location',
        String(location),
        '--zones',
        '1',
        '--token-file',
        tokenFile,
        '--url',
        url,
        '--json',
      ],
      // No administrator: the claiming user (who may not list locations) reads the configuration too.
      { cwd: ROOT, env: { ...process.env, ADMIN_PASSWORD: '' }, timeout: 40_000 },
    );
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, Record<string, unknown>>);
    const pairing = lines.find((l) => l.pairing)!.pairing!;
    const paired = lines.find((l) => l.paired)!.paired!;
    const summary = lines.at(-1)! as unknown as Record<string, number>;
    expect(pairing.code).toMatch(/^[A-Z0-9]{6}$/);
    expect(paired).toMatchObject({ screen: 1, location, zones: [1] });
    expect(paired.serial).toMatch(/^SIM-\d{12}-001$/);
    expect(typeof paired.token).toBe('string');
    expect(readFileSync(tokenFile, 'utf8')).toBe(`earlier-token\n${paired.token as string}\n`);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    rmSync(dir, { recursive: true, force: true });

    // Its plays were accepted, all of the campaign of its zone; its unchanged playlist answered 304 to
    // the ETag it was given (the version with a hash: it shows some zones only).
    expect(summary.events).toBeGreaterThan(0);
    expect(summary.rejected).toBe(0);
    expect(summary).toMatchObject({ failed_calls: 0, unsent: 0, unauthorized: [] });
    expect(summary.not_modified).toBeGreaterThan(0);
    const plays = await playsOf(paired.serial as string);
    expect(plays.every((p) => shown.includes(p.campaign))).toBe(true);
    expect(plays.reduce((n, p) => n + p.n, 0)).toBe(summary.events);
    const device = await ctx.db
      .selectFrom('devices')
      .select(['location_id', 'zones', 'is_simulated', 'app_version', 'last_status'])
      .where('serial_number', '=', paired.serial as string)
      .executeTakeFirstOrThrow();
    expect(device).toMatchObject({ location_id: location, is_simulated: true, last_status: 'ok' });
    expect(device.zones?.map(Number)).toEqual([1]);
    expect(device.app_version).toMatch(/^marquee-sim\//);
  });

  it('polls until staff type the code in, and gives up with a clear message once a pairing expires', async () => {
    const { manager, location } = await pairingPlace([1]);
    let clock = Date.now();
    const later = await ctx.buildApp({ now: () => new Date(clock) });
    const sent: GatewayRequest[] = [];
    const send: Send = (request) => {
      sent.push(request);
      return injectSend(later)(request);
    };
    const serial = uniq('PAIRED').toUpperCase();
    let code = '';
    let waits = 0;
    const screen = await pairScreen({
      send,
      now: () => clock,
      onCode: (p) => void (code = p.code),
      wait: async (ms) => {
        clock += ms;
        // Staff type the code in while the screen polls (after its second poll).
        if (++waits === 2) {
          const res = await manager.post(devicePairEndpoint, { code, location, serial_number: serial, zones: [1] });
          expect(res.statusCode, res.body).toBe(201);
        }
      },
    });
    expect(screen.device).toMatchObject({ serial_number: serial, location, zones: [1] });
    expect(sent.map((r) => r.method)).toEqual(['POST', 'GET', 'GET', 'GET']);
    // The token opens the gateway.
    const beat = await injectSend(ctx.app)({
      method: 'POST',
      path: api.heartbeat,
      token: screen.token,
      body: { status: 'ok' },
    });
    expect(beat.status).toBe(200);

    // Nobody types this one in: polled every 5 s for 15 minutes, then given up.
    const polls: number[] = [];
    const unclaimed = pairScreen({
      send: async (request) => {
        if (request.method === 'GET') polls.push(clock);
        return injectSend(later)(request);
      },
      now: () => clock,
      onCode: () => {},
      wait: async (ms) => void (clock += ms),
    });
    await expect(unclaimed).rejects.toBeInstanceOf(PairingEnded);
    await expect(unclaimed).rejects.toThrow(/expired at .* before staff typed it in: run again for a new code\./);
    expect(polls).toHaveLength(15 * 12 + 1);
  });

  it('plays after local midnight follow the next day’s entry of the playlist fetched before it', async () => {
    const { location } = await pairingPlace([1]);
    await createDevice(ctx.db, location);
    const clip = await usableClip(ctx.db);
    const at = { videoclip: clip.id, locations: [location], state: 3, zones: [1] };
    const tonight = await createCampaign(ctx.db, { ...at, start: day(-1), end: day(0) });
    const tomorrow = await createCampaign(ctx.db, { ...at, start: day(1), end: day(2) });
    const [device] = await issueTokens(ctx.db, [location]);
    const timeZone = ctx.config.timeZone;
    const midnight = zonedInstant(day(1), 0, timeZone);
    const start = midnight - 20 * MIN;
    let clock = start;
    const server = await ctx.buildApp({ now: () => new Date(clock) });
    const calls: (GatewayRequest & { at: number; status: number })[] = [];
    const send: Send = async (request) => {
      const response = await injectSend(server)(request);
      calls.push({ ...request, at: clock, status: response.status });
      return response;
    };
    // One report at 23:40 (fetching the playlist then) and the next at 00:20: the plays of 23:40–00:20
    // come from the playlist fetched at 23:40.
    const summary = await runLive({
      devices: [device!],
      settings: {
        timeZone,
        ageGroups: ctx.config.campaigns.ageGroups.map((g) => g.id),
        playsPerHour: 'loop',
      },
      seed: 4,
      send,
      until: midnight + 20 * MIN,
      interval: 40 * MIN,
      now: () => clock,
      sleep: async (ms) => void (clock += ms),
    });
    const fetches = calls.filter((c) => c.path === api.playlist);
    expect(fetches.map((c) => [c.at, c.query])).toEqual([
      [start, { days: '2' }],
      [midnight + 20 * MIN, { days: '2' }],
    ]);
    const posts = calls.filter((c) => c.path === api.events);
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((c) => calls.indexOf(c) < calls.indexOf(fetches[1]!))).toBe(true);

    expect(summary.rejected).toBe(0);
    const plays = await playsOf(device!.serial);
    expect(plays.map((p) => p.campaign)).toEqual([tonight.id, tomorrow.id]);
    const [before, after] = plays as [(typeof plays)[0], (typeof plays)[0]];
    expect(before.first.getTime()).toBeGreaterThanOrEqual(start);
    expect(before.last.getTime()).toBeLessThan(midnight);
    expect(after.first.getTime()).toBeGreaterThanOrEqual(midnight);
    expect(after.last.getTime()).toBeLessThan(midnight + 20 * MIN);
    expect(before.n + after.n).toBe(summary.events);
  });
});
