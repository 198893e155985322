// The device simulator's delivery side: plays cut short, wrong checksums, plays once per loop
// (at the loop schedule's slots, as many as the delivery report expects), devices that count no viewers
// or fall silent, and the summary's short / wrong creative / delivered counts. Pure: the driver runs
// against a fake gateway.
import { describe, expect, it } from 'vitest';
import { expectedPlays, playSpans } from '@marquee/contracts/delivery';
import { deviceEvent, deviceGatewayEndpoints as api, type DeviceEvent } from '@marquee/contracts/device-gateway';
import { countPlay, emptySummary, runSimulation, withPlaylistChecksums } from '../src/simulation/driver.ts';
import type { Send } from '../src/simulation/player.ts';
import {
  WRONG_CHECKSUM,
  eventsOfDay,
  playDuration,
  playOutcome,
  zonedInstant,
  type SimCampaign,
  type SimSettings,
} from '../src/simulation/generate.ts';
import { createRandom, pickShare } from '../src/simulation/random.ts';
import { devicePlan, scheduledEvents, zonesOf } from '../src/simulation/scheduled.ts';

const CHECKSUM = 'ab'.repeat(32);
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
  duration: 8,
  checksum: CHECKSUM,
};
const loop: SimSettings = { timeZone: 'UTC', ageGroups: [1, 2, 3], playsPerHour: 'loop' };
const DAY = '2030-06-12';

/** A whole local day of one device's events: once per loop, by the schedule of a location open
 * `open`–`close` with a loop of `loopSeconds`; at a rate, drawn. */
const dayOf = (
  settings: SimSettings,
  { campaigns = [base], seed = 1, loopSeconds = 30, countsViewers = true, open = '06:00', close = '24:00' } = {},
) => {
  const from = zonedInstant(DAY, 0, settings.timeZone);
  const to = zonedInstant(DAY, 1440, settings.timeZone);
  const random = createRandom(seed);
  if (settings.playsPerHour !== 'loop') return eventsOfDay({ campaigns, day: DAY, from, to, settings, random });
  const plan = devicePlan({
    playlist: null,
    timeZone: settings.timeZone,
    span: [DAY, DAY],
    listed: campaigns,
    fallback: { opening: { open_time: open, close_time: close }, loopSeconds },
  });
  return scheduledEvents({ plan, zones: zonesOf(null, plan), day: DAY, from, to, settings, random, countsViewers });
};

const share = (events: DeviceEvent[], test: (e: DeviceEvent) => boolean) => events.filter(test).length / events.length;
const starts = (events: DeviceEvent[]) => events.map((e) => `${e.zone} ${e.started_at}`);

describe('simulated delivery', () => {
  it('cuts a share of plays short, too short to count as completed, and leaves the other plays as they were', () => {
    const none = dayOf({ ...loop, shortShare: 0 });
    const some = dayOf({ ...loop, shortShare: 0.1 });
    expect(none.length).toBe(18 * 120);
    expect(starts(some)).toEqual(starts(none));
    expect(none.every((e) => playOutcome(e, base) === 'delivered')).toBe(true);
    const short = some.filter((e) => playOutcome(e, base) === 'short');
    expect(short.length / some.length).toBeGreaterThan(0.07);
    expect(short.length / some.length).toBeLessThan(0.13);
    // Only the cut plays changed; each is shorter than the clip less the 500 ms tolerance.
    expect(some.filter((e, i) => e.duration_ms !== none[i]!.duration_ms)).toEqual(short);
    expect(short.every((e) => e.duration_ms >= 1600 && e.duration_ms < 7500)).toBe(true);

    const random = createRandom(4);
    const defaults = Array.from({ length: 10_000 }, () => playDuration(8, random));
    expect(
      share(
        defaults.map((ms) => ({ ...some[0]!, duration_ms: ms })),
        (e) => playOutcome(e, base) === 'short',
      ),
    ).toBeGreaterThan(0.012);
    expect(defaults.filter((ms) => ms < 7500).length / defaults.length).toBeLessThan(0.028);
    // A clip too short to be cut below its tolerance plays as long as it can.
    const tiny = createRandom(5);
    expect(Array.from({ length: 200 }, () => playDuration(0.3, tiny, 1)).every((ms) => ms >= 200 && ms <= 900)).toBe(
      true,
    );
  });

  it('reports a share of plays with a wrong checksum, the clip’s otherwise, and none where it is not known', () => {
    const events = dayOf({ ...loop, wrongChecksumShare: 0.2, shortShare: 0.1 });
    const wrong = events.filter((e) => e.clip_checksum === WRONG_CHECKSUM);
    expect(wrong.length / events.length).toBeGreaterThan(0.16);
    expect(wrong.length / events.length).toBeLessThan(0.24);
    expect(events.every((e) => e.clip_checksum === WRONG_CHECKSUM || e.clip_checksum === CHECKSUM)).toBe(true);
    // A wrong file is a wrong creative whatever its length: short counts right files only.
    expect(events.filter((e) => playOutcome(e, base) === 'wrong_creative')).toEqual(wrong);
    expect(wrong.some((e) => e.duration_ms < 7500)).toBe(true);
    expect(starts(events)).toEqual(starts(dayOf(loop)));
    // The gateway's contract takes it (64 hex digits).
    expect(deviceEvent.safeParse(wrong[0]).success).toBe(true);

    const unknown = dayOf(loop, { campaigns: [{ ...base, checksum: undefined }] });
    expect(unknown.every((e) => !('clip_checksum' in e))).toBe(true);
    expect(unknown.every((e) => playOutcome(e, { duration: 8 }) !== 'wrong_creative')).toBe(true);
  });

  it('plays once per loop in each zone, at the loop’s start, as many as the delivery report expects', () => {
    const twoZones = { ...base, zones: [1, 3] };
    const events = dayOf(loop, { campaigns: [twoZones], loopSeconds: 120, open: '09:00', close: '21:00' });
    for (const zone of [1, 3]) {
      const times = events.filter((e) => e.zone === zone).map((e) => Date.parse(e.started_at));
      expect(times).toHaveLength(12 * 30);
      expect(times[0]).toBe(zonedInstant(DAY, 9 * 60, 'UTC'));
      expect(new Set(times.slice(1).map((t, i) => t - times[i]!))).toEqual(new Set([120_000]));
    }
    // Each play lasts the clip's length (none was cut short here).
    expect(new Set(dayOf({ ...loop, shortShare: 0 }).map((e) => e.duration_ms))).toEqual(new Set([8000]));

    // A window that ends on the half hour, in a zone with summer time: the expected plays of the delivery
    // report.
    const prague = { ...loop, timeZone: 'Europe/Prague' };
    const windowed = { ...twoZones, p_times_on: true, p_start_time: '10:00', p_end_time: '14:30' };
    const played = dayOf(prague, { campaigns: [windowed], loopSeconds: 45, open: '09:00', close: '17:00' });
    const expected = expectedPlays({
      day: DAY,
      timeZone: 'Europe/Prague',
      spans: playSpans({ open_time: '09:00', close_time: '17:00' }, windowed),
      loopSeconds: 45,
      zones: 2,
      devices: [{ from: 0, to: null }],
    });
    expect(expected).toBe(720);
    expect(played).toHaveLength(720);

    // The rate as a number stays a mean of random plays.
    const random = dayOf({ ...loop, playsPerHour: 6 });
    expect(random.length).toBeGreaterThan(18 * 6 * 0.8);
    expect(random.length).toBeLessThan(18 * 6 * 1.2);
  });

  it('leaves viewers out on devices that count none, picked by the seed', () => {
    const counted = dayOf(loop);
    const uncounted = dayOf(loop, { countsViewers: false });
    expect(counted.some((e) => (e.viewers?.length ?? 0) > 0)).toBe(true);
    expect(uncounted.every((e) => !('viewers' in e))).toBe(true);
    expect(uncounted).toEqual(counted.map(({ viewers: _, ...e }) => e));

    expect(pickShare(10, 0.3, 1).size).toBe(3);
    expect(pickShare(10, 0.3, 1)).toEqual(pickShare(10, 0.3, 1));
    expect([...pickShare(10, 0.3, 1)].every((i) => i >= 0 && i < 10)).toBe(true);
    const picks = new Set([1, 2, 3, 4, 5].map((seed) => [...pickShare(10, 0.3, seed)].sort().join()));
    expect(picks.size).toBeGreaterThan(1);
    expect(pickShare(10, 0, 1).size).toBe(0);
    expect(pickShare(4, 1, 1)).toEqual(new Set([0, 1, 2, 3]));
    expect(pickShare(6, 1 / 6, 9).size).toBe(1);
  });

  it('counts events, short, wrong creative and delivered per campaign and location, disjoint', () => {
    const summary = emptySummary(1);
    const other = { ...base, id: 2, duration: 10, checksum: 'cd'.repeat(32) };
    const play = (campaign: SimCampaign, e: Partial<DeviceEvent>): DeviceEvent => ({
      campaign: campaign.id,
      zone: 1,
      started_at: '2030-06-12T10:00:00.000Z',
      duration_ms: campaign.duration * 1000,
      clip_checksum: campaign.checksum,
      viewers: [{ gender: 'f', age_group: 1 }],
      ...e,
    });
    const plays: [SimCampaign, Partial<DeviceEvent>, number][] = [
      [base, {}, 7],
      [base, { duration_ms: 7500 }, 7], // complete: 500 ms short at most
      [base, { duration_ms: 7499 }, 7], // short
      [base, { clip_checksum: WRONG_CHECKSUM, duration_ms: 100 }, 7], // wrong creative, not short
      [base, { clip_checksum: undefined, viewers: undefined }, 8], // an old device, no viewers: delivered
      [other, { duration_ms: 2000 }, 7], // short
      [other, { clip_checksum: base.checksum }, 7], // another campaign's clip: wrong creative
    ];
    for (const [campaign, e, location] of plays) countPlay(summary, play(campaign, e), campaign, location);
    const counts = (events: number, viewers: number, short: number, wrong_creative: number, delivered: number) => ({
      events,
      viewers,
      short,
      wrong_creative,
      delivered,
    });
    expect(summary).toMatchObject(counts(7, 6, 2, 2, 3));
    expect(summary.byCampaign.get(1)).toEqual({ campaign: 1, ...counts(5, 4, 1, 1, 3) });
    expect(summary.byCampaign.get(2)).toEqual({ campaign: 2, ...counts(2, 2, 1, 1, 0) });
    expect(summary.byCampaignLocation.get('1@7')).toEqual({ campaign: 1, location: 7, ...counts(4, 4, 1, 1, 2) });
    expect(summary.byCampaignLocation.get('1@8')).toEqual({ campaign: 1, location: 8, ...counts(1, 0, 0, 0, 1) });
    expect(summary.byCampaignLocation.get('2@7')).toEqual({ campaign: 2, location: 7, ...counts(2, 2, 1, 1, 0) });
  });

  it('drives devices with the playlist’s checksums, the uncounted share and a silent spell', async () => {
    const gateway = () => {
      const sent = new Map<string, DeviceEvent[]>();
      const send: Send = async ({ method, path, token, body }) => {
        if (path === api.playlist)
          return { status: 200, body: { campaigns: [{ id: 1, clip: { checksum: CHECKSUM } }] } };
        if (method === 'POST' && path === api.events) {
          const device = token ?? '';
          sent.set(device, [...(sent.get(device) ?? []), ...(body as { events: DeviceEvent[] }).events]);
        }
        return { status: 200, body: {} };
      };
      return { sent, send };
    };
    const from = zonedInstant(DAY, 0, 'UTC');
    const devices = [1, 2, 3, 4].map((n) => ({ serial: `D${n}`, token: `t${n}`, location: 5, loopSeconds: 60 }));
    const silent = [zonedInstant(DAY, 10 * 60, 'UTC'), zonedInstant(DAY, 14 * 60, 'UTC')] as const;
    const run = (send: Send) =>
      runSimulation({
        devices: [{ ...devices[0]!, silent }, ...devices.slice(1)],
        // The admin API gives no checksum: the playlist does.
        campaigns: new Map([[5, [{ ...base, checksum: undefined }]]]),
        settings: { ...loop, wrongChecksumShare: 0.1 },
        from,
        to: from + 86_400_000,
        seed: 3,
        send,
        uncounted: 0.5,
      });
    const { sent, send } = gateway();
    const summary = await run(send);
    expect(summary.uncounted).toHaveLength(2);
    expect((await run(gateway().send)).uncounted).toEqual(summary.uncounted);

    // Open 06–24 by default, once a minute; the silent device missed 10:00–14:00.
    expect(sent.get('t2')).toHaveLength(18 * 60);
    expect(sent.get('t1')).toHaveLength(14 * 60);
    expect(sent.get('t1')!.some((e) => e.started_at >= `${DAY}T10` && e.started_at < `${DAY}T14`)).toBe(false);
    for (const { serial, token } of devices) {
      const events = sent.get(token)!;
      expect(events.every((e) => e.clip_checksum === CHECKSUM || e.clip_checksum === WRONG_CHECKSUM)).toBe(true);
      expect(events.every((e) => 'viewers' in e)).toBe(!summary.uncounted.includes(serial));
    }
    const all = [...sent.values()].flat();
    expect(summary.events).toBe((18 * 3 + 14) * 60);
    expect(all).toHaveLength(summary.events);
    expect(summary.wrong_creative).toBe(all.filter((e) => e.clip_checksum === WRONG_CHECKSUM).length);
    expect(summary.short).toBe(all.filter((e) => e.clip_checksum === CHECKSUM && e.duration_ms < 7500).length);
    expect(summary.short + summary.wrong_creative + summary.delivered).toBe(summary.events);

    // Campaigns that had a checksum keep it.
    expect(withPlaylistChecksums([base, { ...base, id: 2, checksum: undefined }], { campaigns: [] })).toEqual([
      base,
      { ...base, id: 2, checksum: undefined },
    ]);
  });
});
