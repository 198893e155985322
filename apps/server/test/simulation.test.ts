// The device simulator: its event generator (dates, time windows, zones, targeting, durations,
// audiences by hour and weekday, batches, determinism) and the driver run in-process and over HTTP
// against a test app (stored events and rollups, campaign states 1 → 2 → 3 → 10, plays once per loop
// at the schedule's slots).
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  deviceGatewayEndpoints,
  gatewayTexts,
  MAX_EVENTS_PER_BATCH,
  type PlaylistResponse,
} from '@marquee/contracts/device-gateway';
import { clipMs, slotsBetween, type SchedulePlan } from '@marquee/contracts/schedule';
import { runSimulation } from '../src/simulation/driver.ts';
import type { Send } from '../src/simulation/player.ts';
import {
  audienceMean,
  batchesOf,
  daysOf,
  eventsOfDay,
  inTimeWindow,
  playDuration,
  playedCampaigns,
  zonedInstant,
  type SimCampaign,
  type SimSettings,
} from '../src/simulation/generate.ts';
import { AdminClient, httpSend } from '../src/simulation/http.ts';
import { campaignsByLocation, injectSend, issueTokens } from '../src/simulation/in-process.ts';
import { createRandom } from '../src/simulation/random.ts';
import { ADMIN_PASSWORD, describeBackends } from './helpers/backends.ts';
import { NOW, clockConfig, createCampaign, day, stateOf, usableClip } from './helpers/campaign-factories.ts';
import { createDevice, createLocation, logOf } from './helpers/location-factories.ts';

const base: SimCampaign = {
  id: 1,
  state: 3,
  start_date: '2030-06-01',
  end_date: '2030-06-30',
  zones: [1],
  p_times_on: false,
  p_start_time: null,
  p_end_time: null,
  p_gender_on: false,
  p_gender: null,
  p_age_on: false,
  p_age: null,
  duration: 12,
};
const settings: SimSettings = { timeZone: 'UTC', ageGroups: [1, 2, 3, 4, 5, 6, 7], playsPerHour: 6 };
const dayStart = (d: string, timeZone = 'UTC') => zonedInstant(d, 0, timeZone);
const whole = (d: string, campaigns: SimCampaign[], seed = 1, s = settings) =>
  eventsOfDay({
    campaigns,
    day: d,
    from: dayStart(d, s.timeZone),
    to: dayStart(d, s.timeZone) + 86_400_000,
    settings: s,
    random: createRandom(seed),
  });
const localMinute = (iso: string, timeZone: string) => {
  const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(iso))
    .split(':')
    .map(Number);
  return h! * 60 + m!;
};

describe('simulated events', () => {
  it('reads time windows as [start, end), over midnight when the end comes first', () => {
    const window = { ...base, p_times_on: true, p_start_time: '08:30', p_end_time: '17:00' };
    expect([509, 510, 1019, 1020].map((m) => inTimeWindow(window, m))).toEqual([false, true, true, false]);
    const night = { ...window, p_start_time: '22:00', p_end_time: '02:00' };
    expect([1319, 1320, 60, 120].map((m) => inTimeWindow(night, m))).toEqual([false, true, true, false]);
    expect(inTimeWindow({ ...window, p_times_on: false }, 3)).toBe(true);
  });

  it('turns local times into instants across daylight saving changes', () => {
    expect(new Date(zonedInstant('2030-06-15', 8 * 60, 'UTC')).toISOString()).toBe('2030-06-15T08:00:00.000Z');
    expect(new Date(zonedInstant('2030-01-15', 8 * 60, 'Europe/Prague')).toISOString()).toBe(
      '2030-01-15T07:00:00.000Z',
    );
    expect(new Date(zonedInstant('2030-06-15', 8 * 60, 'Europe/Prague')).toISOString()).toBe(
      '2030-06-15T06:00:00.000Z',
    );
    expect(daysOf(Date.parse('2030-06-14T23:30:00Z'), Date.parse('2030-06-16T00:00:00Z'), 'Europe/Prague')).toEqual([
      '2030-06-15',
      '2030-06-16',
    ]);
  });

  it('plays only within the campaign dates, its time window (local) and the span asked for', () => {
    const prague = { ...settings, timeZone: 'Europe/Prague' };
    const windowed = { ...base, p_times_on: true, p_start_time: '10:00', p_end_time: '14:00' };
    const events = whole('2030-06-12', [windowed], 1, prague);
    expect(events.length).toBeGreaterThan(10);
    for (const e of events) {
      const minute = localMinute(e.started_at, 'Europe/Prague');
      expect(minute).toBeGreaterThanOrEqual(600);
      expect(minute).toBeLessThan(840);
    }
    expect(whole('2030-05-31', [base])).toEqual([]);
    expect(whole('2030-07-01', [base])).toEqual([]);
    const from = Date.parse('2030-06-12T12:00:00Z');
    const to = Date.parse('2030-06-12T15:00:00Z');
    const span = eventsOfDay({ campaigns: [base], day: '2030-06-12', from, to, settings, random: createRandom(1) });
    expect(span.length).toBeGreaterThan(0);
    expect(span.every((e) => Date.parse(e.started_at) >= from && Date.parse(e.started_at) < to)).toBe(true);
    const times = span.map((e) => Date.parse(e.started_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('plays in the campaign zones, with durations near the clip length, and viewers as targeted', () => {
    const targeted = {
      ...base,
      zones: [2, 4],
      p_gender_on: true,
      p_gender: 'f' as const,
      p_age_on: true,
      p_age: [3, 4],
    };
    const events = whole('2030-06-12', [targeted]);
    expect(new Set(events.map((e) => e.zone))).toEqual(new Set([2, 4]));
    const viewers = events.flatMap((e) => e.viewers ?? []);
    expect(viewers.length).toBeGreaterThan(50);
    expect(viewers.every((v) => v.gender === 'f' && [3, 4].includes(v.age_group))).toBe(true);
    const near = events.filter((e) => Math.abs(e.duration_ms - 12_000) <= 120);
    expect(near.length / events.length).toBeGreaterThan(0.8);
    expect(events.every((e) => e.duration_ms > 0 && e.duration_ms <= 12_120)).toBe(true);

    const open = whole('2030-06-12', [base]).flatMap((e) => e.viewers ?? []);
    expect(new Set(open.map((v) => v.gender))).toEqual(new Set(['m', 'f']));
    expect(new Set(open.map((v) => v.age_group)).size).toBeGreaterThan(4);
    const random = createRandom(3);
    expect(Array.from({ length: 200 }, () => playDuration(0.2, random)).every((ms) => ms <= 1120)).toBe(true);
  });

  it('draws more viewers at midday and in the evening, and other hours at weekends', () => {
    const weekday = '2030-06-12';
    const saturday = '2030-06-15';
    expect(audienceMean(weekday, 12)).toBeGreaterThan(audienceMean(weekday, 7) * 1.5);
    expect(audienceMean(weekday, 19)).toBeGreaterThan(audienceMean(weekday, 15) * 1.5);
    expect(audienceMean(saturday, 8)).toBeLessThan(audienceMean(weekday, 8));
    expect(audienceMean(saturday, 15)).toBeGreaterThan(audienceMean(weekday, 15));
    const viewersAt = (hour: number) =>
      whole(weekday, [{ ...base, zones: [1, 2, 3, 4] }])
        .filter((e) => new Date(e.started_at).getUTCHours() === hour)
        .reduce((n, e) => n + (e.viewers?.length ?? 0), 0);
    expect(viewersAt(19)).toBeGreaterThan(viewersAt(7));
  });

  it('is the same for the same seed and differs for another', () => {
    expect(whole('2030-06-12', [base], 7)).toEqual(whole('2030-06-12', [base], 7));
    expect(whole('2030-06-12', [base], 7)).not.toEqual(whole('2030-06-12', [base], 8));
    expect(createRandom(5).uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('gives each play its own id from a stream of its own, leaving the plays those of the seed', () => {
    const d = '2030-06-12';
    const plain = whole(d, [base], 7);
    const withIds = eventsOfDay({
      campaigns: [base],
      day: d,
      from: dayStart(d, settings.timeZone),
      to: dayStart(d, settings.timeZone) + 86_400_000,
      settings,
      random: createRandom(7),
      playIds: createRandom(70),
    });
    expect(withIds.map(({ play_id: _id, ...e }) => e)).toEqual(plain);
    const ids = withIds.map((e) => e.play_id);
    expect(new Set(ids).size).toBe(plain.length);
    expect(ids.every((id) => /^[0-9a-f-]{36}$/.test(id ?? ''))).toBe(true);
  });

  it('splits events into batches of at most 1000', () => {
    const items = Array.from({ length: 2345 }, (_, i) => i);
    expect(batchesOf(items).map((b) => b.length)).toEqual([1000, 1000, 345]);
    expect(batchesOf(items, 5000).every((b) => b.length <= MAX_EVENTS_PER_BATCH)).toBe(true);
    expect(batchesOf(items, 700).flat()).toEqual(items);
    expect(batchesOf([])).toEqual([]);
  });

  it('plays sent and later campaigns, and approved ones only when the playlist carries them', () => {
    const states = [0, 1, 2, 3, 10, 98, 99].map((state, id) => ({ ...base, id, state }));
    expect(playedCampaigns(states, new Set()).map((c) => c.state)).toEqual([2, 3, 10, 99]);
    expect(playedCampaigns(states, new Set([1])).map((c) => c.state)).toEqual([1, 2, 3, 10, 99]);
  });
});

describeBackends(
  'device simulator',
  (ctx) => {
    /** A location with two devices and campaigns: approved (running, a time window), sent (targeted),
     * approved but over before today (never sent), finished (played before it closed). */
    async function setup() {
      const location = await createLocation(ctx.db);
      await createDevice(ctx.db, location.id);
      await createDevice(ctx.db, location.id);
      const clip = await usableClip(ctx.db);
      const at = { videoclip: clip.id, locations: [location.id] };
      const approved = await createCampaign(ctx.db, { ...at, state: 1, start: day(-2), end: day(3), zones: [1, 2] });
      await ctx.db
        .updateTable('campaigns')
        .set({ p_times_on: true, p_start_time: '09:00', p_end_time: '18:00' })
        .where('id', '=', approved.id)
        .execute();
      const sent = await createCampaign(ctx.db, { ...at, state: 2, start: day(-1), end: day(5) });
      await ctx.db
        .updateTable('campaigns')
        .set({ p_gender_on: true, p_gender: 'm', p_age_on: true, p_age: [2] })
        .where('id', '=', sent.id)
        .execute();
      const unsent = await createCampaign(ctx.db, { ...at, state: 1, start: day(-3), end: day(-1) });
      const finished = await createCampaign(ctx.db, { ...at, state: 99, start: day(-5), end: day(-2) });
      return { location: location.id, approved: approved.id, sent: sent.id, unsent: unsent.id, finished: finished.id };
    }

    const run = async (location: number, send: Send, devices = issueTokens(ctx.db, [location])) =>
      runSimulation({
        devices: await devices,
        campaigns: new Map([[location, (await campaignsByLocation(ctx.db)).get(location) ?? []]]),
        settings: {
          timeZone: ctx.config.timeZone,
          ageGroups: ctx.config.campaigns.ageGroups.map((g) => g.id),
          playsPerHour: 2,
          shortShare: 0.1,
          wrongChecksumShare: 0.05,
        },
        from: NOW.getTime() - 4 * 86_400_000,
        to: NOW.getTime(),
        seed: 11,
        send,
        // One of the two devices counts no viewers.
        uncounted: 0.5,
        batchSize: 100,
        // One device after the other, so the first one causes every state change.
        concurrency: 1,
      });

    it('stores what the devices sent, rolls it up, and moves the campaigns 1 → 2 → 3 → 10', async () => {
      const s = await setup();
      const summary = await run(s.location, injectSend(ctx.app));
      expect(summary.devices).toBe(2);
      expect(summary.events).toBeGreaterThan(100);
      expect(summary.batches).toBeGreaterThan(summary.events / 100);

      const raw = await ctx.db
        .selectFrom('device_events')
        .select([
          'campaign_id',
          sql<number>`count(*)::int`.as('plays'),
          sql<number>`sum(viewers)::int`.as('viewers'),
          sql<number>`min(started_at)`.as('first'),
          sql<number>`max(started_at)`.as('last'),
          sql<number>`count(*) filter (where not completed and checksum_ok)::int`.as('short'),
          sql<number>`count(*) filter (where not checksum_ok)::int`.as('wrong_creative'),
          sql<number>`count(*) filter (where completed and checksum_ok)::int`.as('delivered'),
          sql<number>`count(*) filter (where checksum_ok is null)::int`.as('unchecked'),
        ])
        .where('location_id', '=', s.location)
        .groupBy('campaign_id')
        .execute();
      const byCampaign = new Map(raw.map((r) => [r.campaign_id, r]));
      expect([...byCampaign.keys()].sort()).toEqual([s.approved, s.sent, s.finished].sort());
      expect(raw.reduce((n, r) => n + Number(r.plays), 0)).toBe(summary.events);
      expect(raw.reduce((n, r) => n + Number(r.viewers), 0)).toBe(summary.viewers);
      for (const [id, r] of byCampaign) {
        // What the command line's --json reports per campaign and location (all devices are at one):
        // the plays, and which of them the server took as short, wrong creative and delivered.
        const counts = {
          events: Number(r.plays),
          viewers: Number(r.viewers),
          short: Number(r.short),
          wrong_creative: Number(r.wrong_creative),
          delivered: Number(r.delivered),
        };
        expect(summary.byCampaign.get(id)).toEqual({ campaign: id, ...counts });
        expect(summary.byCampaignLocation.get(`${id}@${s.location}`)).toEqual({
          campaign: id,
          location: s.location,
          ...counts,
        });
        expect(counts.short).toBeGreaterThan(0);
        expect(counts.wrong_creative).toBeGreaterThan(0);
        // Every play carried a checksum; the right ones matched the clip's.
        expect(Number(r.unchecked)).toBe(0);
      }
      expect(summary.short + summary.wrong_creative + summary.delivered).toBe(summary.events);
      // The device without a camera sent its plays without viewers (not measured); the other counted.
      expect(summary.uncounted).toHaveLength(1);
      const perDevice = await ctx.db
        .selectFrom('device_events')
        .innerJoin('devices', 'devices.id', 'device_events.device_id')
        .select([
          'devices.serial_number as serial',
          sql<number>`count(*)::int`.as('plays'),
          sql<number>`count(*) filter (where measured)::int`.as('measured'),
          sql<number>`sum(viewers)::int`.as('viewers'),
        ])
        .where('device_events.location_id', '=', s.location)
        .groupBy('devices.serial_number')
        .execute();
      expect(perDevice).toHaveLength(2);
      for (const d of perDevice) {
        const counts = { plays: Number(d.plays), measured: Number(d.measured), viewers: Number(d.viewers) > 0 };
        expect(counts).toEqual(
          summary.uncounted.includes(d.serial)
            ? { plays: counts.plays, measured: 0, viewers: false }
            : { plays: counts.plays, measured: counts.plays, viewers: true },
        );
        expect(counts.plays).toBeGreaterThan(0);
      }
      expect(summary.byCampaignLocation.size).toBe(byCampaign.size);
      // The finished campaign only within its dates; nothing after now.
      expect(new Date(byCampaign.get(s.finished)!.last).getTime()).toBeLessThan(Date.parse(`${day(-1)}T00:00:00Z`));
      expect(raw.every((r) => new Date(r.last).getTime() <= NOW.getTime())).toBe(true);

      const rollup = await ctx.db
        .selectFrom('event_statistics_hourly')
        .select([sql<number>`sum(plays)::int`.as('plays'), sql<number>`sum(viewers)::int`.as('viewers')])
        .where('location_id', '=', s.location)
        .where('gender', '=', '')
        .executeTakeFirstOrThrow();
      expect({ plays: Number(rollup.plays), viewers: Number(rollup.viewers) }).toEqual({
        plays: summary.events,
        viewers: summary.viewers,
      });
      const audience = await ctx.db
        .selectFrom('event_statistics_hourly')
        .select(['gender', 'age_group'])
        .distinct()
        .where('campaign_id', '=', s.sent)
        .where('gender', '!=', '')
        .execute();
      expect(audience).toEqual([{ gender: 'm', age_group: 2 }]);

      expect(await stateOf(ctx.db, s.approved)).toBe(10);
      expect(await stateOf(ctx.db, s.sent)).toBe(10);
      expect(await stateOf(ctx.db, s.unsent)).toBe(1);
      expect(await stateOf(ctx.db, s.finished)).toBe(99);
      const serial = (
        await ctx.db
          .selectFrom('devices')
          .select('serial_number')
          .where('location_id', '=', s.location)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).serial_number;
      expect((await logOf(ctx.db, 'campaign', s.approved)).map((e) => e.change_message)).toEqual([
        gatewayTexts.sentToDevice(serial),
        gatewayTexts.playedOnDevice(serial),
        gatewayTexts.viewedOnDevice(serial),
      ]);
      const devices = await ctx.db
        .selectFrom('devices')
        .select(['last_status', 'last_status_date'])
        .where('location_id', '=', s.location)
        .execute();
      expect(devices.every((d) => d.last_status === 'ok' && d.last_status_date !== null)).toBe(true);
    });

    it('sends each play once per loop where the schedule of its playlist puts it, for the clip’s length', async () => {
      // Open 08:00–20:00 with a 5-minute loop; in loop order: a campaign of zone 1 in a 10:00–12:00 window,
      // one of both zones, one of zone 2 that started yesterday; clips of 12, 2 and 30 s.
      const location = await createLocation(ctx.db, { zones: [1, 2] });
      await ctx.db
        .updateTable('locations')
        .set({ open_time: '08:00', close_time: '20:00', loop_seconds: 300 })
        .where('id', '=', location.id)
        .execute();
      await createDevice(ctx.db, location.id);
      const clipOf = async (seconds: number) => {
        const clip = await usableClip(ctx.db);
        await ctx.db
          .updateTable('videos')
          .set({ duration: seconds })
          .where('id', '=', ctx.db.selectFrom('videoclips').select('video_id').where('id', '=', clip.id))
          .execute();
        return clip.id;
      };
      const at = { locations: [location.id], state: 3, start: day(-3), end: day(3) };
      const windowed = await createCampaign(ctx.db, { ...at, videoclip: await clipOf(12), ordering: 1, zones: [1] });
      await ctx.db
        .updateTable('campaigns')
        .set({ p_times_on: true, p_start_time: '10:00', p_end_time: '12:00' })
        .where('id', '=', windowed.id)
        .execute();
      await createCampaign(ctx.db, { ...at, videoclip: await clipOf(2), ordering: 2, zones: [1, 2] });
      await createCampaign(ctx.db, { ...at, videoclip: await clipOf(30), ordering: 3, zones: [2], start: day(-1) });
      const [device] = await issueTokens(ctx.db, [location.id]);
      const from = NOW.getTime() - 2 * 86_400_000;
      const to = NOW.getTime();
      const summary = await runSimulation({
        devices: [device!],
        campaigns: new Map([[location.id, (await campaignsByLocation(ctx.db)).get(location.id) ?? []]]),
        settings: { timeZone: ctx.config.timeZone, ageGroups: [1, 2], playsPerHour: 'loop', shortShare: 0.1 },
        from,
        to,
        seed: 4,
        send: injectSend(ctx.app),
      });

      // The schedule of the device's playlist (today and tomorrow), the days before it played as its
      // first day, dated.
      const { body } = await injectSend(ctx.app)({
        method: 'GET',
        path: deviceGatewayEndpoints.playlist,
        query: { days: '2' },
        token: device!.token,
      });
      const playlist = body as PlaylistResponse;
      const plan: SchedulePlan = {
        time_zone: playlist.time_zone,
        days: [day(-2), day(-1)].map((date) => ({ ...playlist.days[0]!, date })).concat(playlist.days),
      };
      const slots = playlist.zones.flatMap((zone) =>
        slotsBetween(plan, zone, from, to).flatMap((s) =>
          s.kind === 'play' && s.start >= from
            ? [{ campaign: s.campaign.id, zone, at: s.start, ms: clipMs(s.campaign) }]
            : [],
        ),
      );
      const plays = await ctx.db
        .selectFrom('device_events')
        .select(['campaign_id', 'zone', 'started_at', 'duration_ms'])
        .where('location_id', '=', location.id)
        .execute();
      const key = (p: { campaign: number; zone: number; at: number }) => `${p.at} ${p.zone} ${p.campaign}`;
      const sent = plays.map((p) => ({
        campaign: p.campaign_id,
        zone: p.zone,
        at: new Date(p.started_at).getTime(),
        ms: p.duration_ms,
      }));
      expect(sent.map(key).sort()).toEqual(slots.map(key).sort());
      expect(sent).toHaveLength(summary.events);
      // Each lasted its clip's length, or (a tenth) was cut short of it.
      const length = new Map(slots.map((s) => [key(s), s.ms]));
      const cut = sent.filter((p) => p.ms !== length.get(key(p)));
      expect(cut.every((p) => p.ms < length.get(key(p))! - 500)).toBe(true);
      expect(cut.length / sent.length).toBeGreaterThan(0.05);
      expect(cut.length / sent.length).toBeLessThan(0.15);
      // Zone 2's 30 s clip plays from yesterday on, after the 2 s one: 2 s into each loop.
      const late = sent.filter((p) => p.ms === 30_000 || (p.zone === 2 && p.at % 300_000 === 2000));
      expect(late.length).toBeGreaterThan(0);
      expect(late.every((p) => p.at >= zonedInstant(day(-1), 0, ctx.config.timeZone))).toBe(true);
    });

    it('registers devices and drives them over HTTP as the command line does', async () => {
      const s = await setup();
      const app = await ctx.buildApp(clockConfig);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const admin = new AdminClient(url);
      await admin.signIn('admin', ADMIN_PASSWORD);
      expect((await admin.locations()).map((l) => l.id)).toContain(s.location);
      const listed = await admin.campaigns(s.location, day(-4), day(0));
      expect(listed.map((c) => c.id).sort()).toEqual([s.approved, s.sent, s.unsent, s.finished].sort());
      const device = await admin.register(s.location, `SIM-TEST-${s.location}`);
      const summary = await runSimulation({
        devices: [device],
        campaigns: new Map([[s.location, listed]]),
        settings: { timeZone: 'UTC', ageGroups: (await admin.config()).age_groups.map((g) => g.id), playsPerHour: 1 },
        from: NOW.getTime() - 86_400_000,
        to: NOW.getTime(),
        seed: 2,
        send: httpSend(url),
      });
      expect(summary.events).toBeGreaterThan(0);
      const stored = await ctx.db
        .selectFrom('device_events')
        .innerJoin('devices', 'devices.id', 'device_events.device_id')
        .select([
          sql<number>`count(*)::int`.as('n'),
          sql<number>`count(*) filter (where checksum_ok is not null)::int`.as('checked'),
        ])
        .where('devices.serial_number', '=', device.serial)
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(summary.events);
      // The admin API does not show clip checksums: the plays carry the ones the device's playlist gave.
      expect(Number(stored.checked)).toBe(summary.events);

      // Its device is marked simulated (a real one beside it is not), and --remove deletes only it;
      // the events it sent stay in the statistics without a device.
      const row = await ctx.db
        .selectFrom('devices')
        .select(['id', 'is_simulated'])
        .where('serial_number', '=', device.serial)
        .executeTakeFirstOrThrow();
      expect(row.is_simulated).toBe(true);
      const real = await createDevice(ctx.db, s.location);
      expect(await admin.removeSimulated()).toBeGreaterThanOrEqual(1);
      const left = await ctx.db.selectFrom('devices').select('id').where('id', 'in', [row.id, real.id]).execute();
      expect(left.map((d) => d.id)).toEqual([real.id]);
      const kept = await ctx.db
        .selectFrom('device_events')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('device_id', 'is', null)
        .executeTakeFirstOrThrow();
      expect(Number(kept.n)).toBeGreaterThanOrEqual(summary.events);
    });
  },
  { config: clockConfig },
);
