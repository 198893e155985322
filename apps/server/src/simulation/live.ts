// The simulator in real time (`npm run simulate -- --live …`): each device, every `interval`, sends a
// heartbeat with its facts, posts the plays of its applied playlist since its last report and fetches
// the playlist (304 while unchanged). The playlist covers today and tomorrow: the plays of each local
// day follow that day's entry (its opening hours, loop and campaigns; once per loop, where its schedule
// puts them: scheduled.ts), so a device whose last playlist was fetched before midnight plays the next
// day's loop from it. Devices with an offline stretch send nothing in it and come back
// after it (a dark screen plays nothing, so those plays never come); a screen reported off plays
// nothing; a stale device keeps playing and reporting the first playlist it applied. A call that fails
// (no answer, 429, 5xx) is made again at the next report, as a real player does: the device keeps
// playing the playlist it holds and keeps the plays it could not send, with their batch ids, for its
// next report. A 401 (the device was deleted or disabled) ends that device's run alone.
import {
  MAX_EVENTS_PER_BATCH,
  deviceGatewayEndpoints as api,
  type DeviceEvent,
  type EventsBatch,
  type PlaylistCampaign,
  type PlaylistDay,
  type PlaylistResponse,
} from '@marquee/contracts/device-gateway';
import { openHours } from '@marquee/contracts/inventory';
import { zonedInstant } from '@marquee/contracts/time-zones';
import { PLAY_ID_STREAM, countPlay, emptySummary, isDark, type SimDevice, type SimulationSummary } from './driver.ts';
import { batchesOf, daysOf, eventsOfDay, type SimCampaign, type SimSettings } from './generate.ts';
import {
  GatewayError,
  GatewayUnreachable,
  call,
  createPlayer,
  postEvents,
  reaching,
  rejectedRows,
  sleep,
  type Send,
} from './player.ts';
import { createRandom, mixSeed, pickShare } from './random.ts';
import { campaignsOfPlan, devicePlan, scheduledEvents, simCampaignOf, zonesOf, type DevicePlan } from './scheduled.ts';

/** A device going dark or coming back, at `at` (ms). */
export type PhaseChange = { device: string; phase: 'offline' | 'online'; at: number };

/** A device's gateway call that failed at `at` (ms), and why. `stopped`: the gateway refused its token
 * (401), so the device ended its run; otherwise it makes the call again at its next report. */
export type CallFailure = {
  device: string;
  call: 'heartbeat' | 'events' | 'playlist';
  at: number;
  error: string;
  stopped: boolean;
};

export type LiveOptions = {
  devices: SimDevice[];
  settings: SimSettings;
  seed: number;
  send: Send;
  /** When the run ends (ms, by `now`). */
  until: number;
  /** Between two reports of a device, ms. */
  interval: number;
  /** Only these campaigns' plays are sent (null or left out: every campaign of the playlist). */
  only?: ReadonlySet<number> | null;
  /** Share of the devices (picked by the seed) that count no viewers, 0–1. */
  uncounted?: number;
  /** The clock (the server's, for the command line) and how to wait; tests pass a fake pair. */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Stops the run early (Ctrl-C); the summary covers what was sent. */
  signal?: AbortSignal;
  onPhase?: (change: PhaseChange) => void;
  onFailure?: (failure: CallFailure) => void;
};

/** Failures a real player outlives by trying again later: no answer, a timeout, throttling (429), the
 * server or its database away (5xx, and a 503 that outlasted postEvents' tries). Any other answer (400,
 * 404 …) says the simulator sent something wrong, and ends the run. */
const passes = (err: unknown) =>
  err instanceof GatewayUnreachable ||
  (err instanceof GatewayError && (err.status === 408 || err.status === 429 || err.status >= 500));

/** A duration as the command line takes it: `500ms`, `90s`, `2m`, `1.5h`; a bare number is minutes. */
export function parseDuration(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(text);
  if (!match) return null;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 'm') as 'ms' | 's' | 'm' | 'h'];
  return Math.round(Number(match[1]) * unit);
}

/** The campaigns of a playlist (today's) or of one of its days as the simulator plays them (its clip's
 * length and checksum). */
export const playlistCampaigns = (
  playlist: { campaigns: PlaylistCampaign[] },
  only?: ReadonlySet<number> | null,
): SimCampaign[] => playlist.campaigns.filter((c) => !only || only.has(c.id)).map(simCampaignOf);

/** What a device holding `playlist` plays on the local `day`: that day's campaigns (only those of
 * `only` when given), opening hours and loop; null when the playlist does not reach that day (a device
 * that has not fetched one since plays nothing). */
export function playlistDayPlan(
  playlist: Pick<PlaylistResponse, 'days'>,
  day: string,
  only?: ReadonlySet<number> | null,
): { campaigns: SimCampaign[]; hours: number[]; loopSeconds: number } | null {
  const entry: PlaylistDay | undefined = playlist.days.find((d) => d.date === day);
  if (!entry) return null;
  return { campaigns: playlistCampaigns(entry, only), hours: openHours(entry), loopSeconds: entry.loop_seconds };
}

/** The location of the device with `token`, from its playlist (for devices the run did not register). */
export async function locationOf(send: Send, token: string): Promise<number> {
  const { body } = await call(send, { method: 'GET', path: api.playlist, token });
  return (body as PlaylistResponse).location.id;
}

/** One device in real time, until the run ends. */
async function liveDevice(
  device: SimDevice,
  { index, countsViewers }: { index: number; countsViewers: boolean },
  o: LiveOptions,
  summary: SimulationSummary,
): Promise<void> {
  const { settings, interval } = o;
  const send = reaching(o.send);
  const now = o.now ?? Date.now;
  const wait = o.sleep ?? sleep;
  const random = createRandom(mixSeed(o.seed, index));
  const start = now();
  /** Batches of plays not acknowledged yet, oldest first, with the campaigns they are plays of. */
  const unsent: { body: EventsBatch; campaigns: Map<number, SimCampaign> }[] = [];
  const queued = () => unsent.reduce((n, { body }) => n + body.events.length, 0);
  const player = createPlayer({
    token: device.token,
    send,
    seed: mixSeed(o.seed, index, 0x4ea1),
    bootAt: start,
    counts: summary.health,
    screenOff: device.screenOff,
    stale: device.stale,
    queued,
  });

  // A day's plays of the applied playlist, drawn once per day and version so that reports cut it anywhere.
  let plan: {
    playlist: PlaylistResponse;
    day: string;
    events: DeviceEvent[];
    campaigns: Map<number, SimCampaign>;
  } | null = null;
  /** The schedule of the applied playlist (once per loop): its days alone, nothing past them. */
  let schedule: { playlist: PlaylistResponse; plan: DevicePlan } | null = null;
  const playsOfDay = (playlist: PlaylistResponse, day: string) => {
    if (plan?.playlist === playlist && plan.day === day) return plan;
    const daySeed = Date.parse(`${day}T00:00:00Z`) / 86_400_000;
    const drawn = {
      day,
      from: zonedInstant(day, 0, settings.timeZone),
      to: zonedInstant(day, 24 * 60, settings.timeZone),
      settings,
      random: createRandom(mixSeed(o.seed, index, daySeed)),
      playIds: createRandom(mixSeed(o.seed, index, daySeed, PLAY_ID_STREAM)),
      countsViewers,
    };
    if (settings.playsPerHour === 'loop') {
      if (schedule?.playlist !== playlist) {
        schedule = { playlist, plan: devicePlan({ playlist, timeZone: settings.timeZone }) };
      }
      const events = scheduledEvents({
        ...drawn,
        plan: schedule.plan,
        zones: zonesOf(playlist, schedule.plan),
        only: o.only,
      });
      plan = { playlist, day, events, campaigns: campaignsOfPlan(schedule.plan) };
      return plan;
    }
    const { campaigns = [], hours } = playlistDayPlan(playlist, day, o.only) ?? {};
    const events = eventsOfDay({ ...drawn, campaigns, hours });
    plan = { playlist, day, events, campaigns: new Map(campaigns.map((c) => [c.id, c])) };
    return plan;
  };

  /** Queues the plays that started in [from, to) outside the dark stretch, in batches with their ids. */
  const queuePlays = (from: number, to: number) => {
    const playlist = player.playlist;
    if (!playlist || device.screenOff || to <= from) return;
    for (const day of daysOf(from, to, settings.timeZone)) {
      const { events, campaigns } = playsOfDay(playlist, day);
      const due = events.filter((e) => {
        const at = Date.parse(e.started_at);
        return at >= from && at < to && !isDark(device, at);
      });
      for (const batch of batchesOf(due, MAX_EVENTS_PER_BATCH)) {
        unsent.push({ body: { batch_id: random.uuid(), events: batch }, campaigns });
      }
    }
  };

  /** Posts the queued batches in order, each counted once the server acknowledged it. A failure leaves
   * it and the later ones queued with the same ids: should the lost answer have been a stored batch,
   * the server stores it once all the same. */
  const sendPlays = async () => {
    for (let next = unsent[0]; next; next = unsent[0]) {
      const response = await postEvents(send, device.token, next.body, { wait, signal: o.signal });
      unsent.shift();
      const rejected = rejectedRows(response);
      summary.batches++;
      summary.rejected += rejected.size;
      const { campaigns } = next;
      next.body.events.forEach((e, i) => {
        if (!rejected.has(i)) countPlay(summary, e, campaigns.get(e.campaign)!, device.location);
      });
    }
  };

  /** Makes one call; false when the gateway refused the device's token (it stops). */
  const attempt = async (name: CallFailure['call'], run: () => Promise<unknown>): Promise<boolean> => {
    try {
      await run();
      return true;
    } catch (err) {
      const stopped = err instanceof GatewayError && err.status === 401;
      if (!stopped && !passes(err)) throw err;
      summary.failed_calls++;
      if (stopped) summary.unauthorized.push(device.serial);
      o.onFailure?.({ device: device.serial, call: name, at: now(), error: (err as Error).message, stopped });
      return !stopped;
    }
  };

  let reported = start;
  let dark = false;
  for (let at = start, first = true; ; first = false) {
    // The first report always goes out: a device that never reported is not offline but unknown.
    if (!first && isDark(device, at)) {
      if (!dark) {
        dark = true;
        summary.health.offline_stretches++;
        // It went quiet after its last report.
        o.onPhase?.({ device: device.serial, phase: 'offline', at: Math.max(device.silent![0], reported) });
      }
    } else {
      if (dark) {
        dark = false;
        player.restart(at);
        o.onPhase?.({ device: device.serial, phase: 'online', at });
      }
      if (!(await attempt('heartbeat', () => player.heartbeat(at)))) break;
      // The plays since the last report were of the playlist applied before this fetch.
      queuePlays(reported, at);
      reported = at;
      if (!(await attempt('events', sendPlays))) break;
      if (!(await attempt('playlist', () => player.fetchPlaylist()))) break;
    }
    if (at >= o.until || o.signal?.aborted) break;
    // The next report, or the dark stretch's edge if that comes first, or the end.
    const edges = (device.silent ?? []).filter((t) => t > at);
    const next = Math.min(o.until, start + (Math.floor((at - start) / interval) + 1) * interval, ...edges);
    await wait(next - now(), o.signal);
    if (o.signal?.aborted) break;
    at = Math.max(now(), next);
  }
  summary.unsent += queued();
}

/** Runs every device at once in real time until `until` (or the signal) and gives what was sent. */
export async function runLive(o: LiveOptions): Promise<SimulationSummary> {
  const started = performance.now();
  const summary = emptySummary(o.devices.length);
  const uncounted = pickShare(o.devices.length, o.uncounted ?? 0, o.seed);
  const devices = o.devices.map((device, index) => ({
    device,
    index,
    countsViewers: device.countsViewers ?? !uncounted.has(index),
  }));
  summary.uncounted = devices.filter((d) => !d.countsViewers).map((d) => d.device.serial);
  await Promise.all(devices.map((d) => liveDevice(d.device, d, o, summary)));
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}
