// Drives simulated devices through the device gateway: each one sends a heartbeat, fetches its
// playlist (approved campaigns become Sent), then posts its history day by day in batches of at most
// 1000 events (plays make campaigns Active, viewers Viewed) with a heartbeat and a playlist fetch
// (304 while it is unchanged) after each day, sending the player's facts (player.ts). Once per loop, its
// plays are where the loop schedule of its playlist puts them (scheduled.ts).
// The gateway is reached through `send`: HTTP for the command line, `app.inject` for the demo data.
import { MAX_EVENTS_PER_BATCH, type DeviceEvent, type PlaylistResponse } from '@marquee/contracts/device-gateway';
import { LOOP_SECONDS_DEFAULT } from '@marquee/contracts/inventory';
import type { OpeningHours } from '@marquee/contracts/play-spans';
import { dayOfInstant, zonedInstant } from '@marquee/contracts/time-zones';
import {
  DEFAULT_OPENING,
  batchesOf,
  daysOf,
  eventsOfDay,
  playOutcome,
  playedCampaigns,
  type SimCampaign,
  type SimSettings,
} from './generate.ts';
import { createPlayer, emptyHealth, postEvents, rejectedRows, type HealthCounts, type Send } from './player.ts';
import { createRandom, mixSeed, pickShare } from './random.ts';
import { campaignsOfPlan, devicePlan, scheduledEvents, zonesOf } from './scheduled.ts';

/** A registered device: its token is the one whose sha256 the server keeps; `hours` are its location's
 * open hours (local; 06–24 when not given), `opening` the same as opening hours, and `loopSeconds` its
 * loop's length (the default when not given): what it plays by where its playlist does not say. `countsViewers` false: it has no camera and sends no viewers (else the run's `uncounted`
 * share decides); `silent`: an outage [from, to) (ms): offline, it sent nothing (no heartbeats) and
 * played nothing. `screenOff`: its panel is off (it says so, and plays nothing); `stale`: it stopped
 * applying playlists (it echoes the first version it applied). */
export type SimDevice = {
  serial: string;
  token: string;
  location: number;
  hours?: readonly number[];
  opening?: OpeningHours;
  loopSeconds?: number;
  countsViewers?: boolean;
  silent?: readonly [number, number];
  screenOff?: boolean;
  stale?: boolean;
};

export type SimulationProgress = { device: string; day: string; events: number; batches: number };

export type SimulationOptions = {
  devices: SimDevice[];
  /** Campaigns by location id. */
  campaigns: ReadonlyMap<number, SimCampaign[]>;
  /** Only these campaigns' plays are sent (null or left out: every campaign); the others still take
   * their slots of the schedule. */
  only?: ReadonlySet<number> | null;
  settings: SimSettings;
  /** The history's span, ms: [from, to). */
  from: number;
  to: number;
  seed: number;
  send: Send;
  /** Share of the devices (picked by the seed) that count no viewers, 0–1; none when left out. */
  uncounted?: number;
  /** Devices driven at once. */
  concurrency?: number;
  batchSize?: number;
  onProgress?: (progress: SimulationProgress) => void;
};

/** Plays sent and what the delivery reports make of them: `delivered` = events − short −
 * wrong_creative (a wrong checksum counts as wrong creative whatever the play's length). */
export type PlayCounts = { events: number; viewers: number; short: number; wrong_creative: number; delivered: number };
export type CampaignSummary = PlayCounts & { campaign: number };
export type CampaignLocationSummary = PlayCounts & { campaign: number; location: number };

export type SimulationSummary = PlayCounts & {
  devices: number;
  /** Serial numbers of the devices that counted no viewers. */
  uncounted: string[];
  batches: number;
  /** Rows the server rejected (not counted in the plays above; not sent again). */
  rejected: number;
  /** Heartbeats, playlist fetches, 304s, versions applied, offline stretches. */
  health: HealthCounts;
  /** Live runs: the heartbeats, posts of plays and playlist fetches that failed (no answer, 429, 5xx,
   * a 503 that outlasted its tries) and were made again at the device's next report. */
  failed_calls: number;
  /** Live runs: plays still held when the run ended, their posts having failed (not counted above). */
  unsent: number;
  /** Live runs: serial numbers of the devices the gateway refused (401: deleted or disabled); each
   * stopped there, the others ran on. */
  unauthorized: string[];
  /** What each campaign got. */
  byCampaign: Map<number, CampaignSummary>;
  /** What each campaign got at each location (key `campaign@location`): the figures its location
   * report should grow by. */
  byCampaignLocation: Map<string, CampaignLocationSummary>;
  seconds: number;
};

/** Mixed into a device's seed for the stream of its play ids. */
export const PLAY_ID_STREAM = 0x91a7;

const noPlays = (): PlayCounts => ({ events: 0, viewers: 0, short: 0, wrong_creative: 0, delivered: 0 });

/** Counts one play of `campaign`, sent by a device at `location`, in the summary: overall, for the
 * campaign and for the campaign at the location. */
export function countPlay(summary: SimulationSummary, event: DeviceEvent, campaign: SimCampaign, location: number) {
  const byCampaign = summary.byCampaign.get(campaign.id) ?? { campaign: campaign.id, ...noPlays() };
  const key = `${campaign.id}@${location}`;
  const atLocation = summary.byCampaignLocation.get(key) ?? { campaign: campaign.id, location, ...noPlays() };
  summary.byCampaign.set(campaign.id, byCampaign);
  summary.byCampaignLocation.set(key, atLocation);
  const outcome = playOutcome(event, campaign);
  for (const counts of [summary, byCampaign, atLocation]) {
    counts.events++;
    counts.viewers += event.viewers?.length ?? 0;
    counts[outcome]++;
  }
}

export const emptySummary = (devices: number): SimulationSummary => ({
  devices,
  uncounted: [],
  batches: 0,
  rejected: 0,
  health: emptyHealth(),
  failed_calls: 0,
  unsent: 0,
  unauthorized: [],
  ...noPlays(),
  byCampaign: new Map(),
  byCampaignLocation: new Map(),
  seconds: 0,
});

/** The campaigns with the clip checksums the playlist gives where they had none (the admin API does not
 * show them; the playlist only has today's campaigns). */
export const withPlaylistChecksums = (
  campaigns: SimCampaign[],
  playlist: Pick<PlaylistResponse, 'campaigns'>,
): SimCampaign[] => {
  const checksums = new Map(playlist.campaigns.map((c) => [c.id, c.clip.checksum]));
  return campaigns.map((c) => ({ ...c, checksum: c.checksum ?? checksums.get(c.id) }));
};

/** Whether `at` (ms) falls in the device's offline stretch [from, to). */
export const isDark = (device: Pick<SimDevice, 'silent'>, at: number) =>
  !!device.silent && at >= device.silent[0] && at < device.silent[1];

/** One device's whole history; events of a device go in time order, as a real one sends them. The
 * facts of its heartbeats are those of the simulated time (its uptime, the version it applied); an
 * offline stretch has no plays, and no heartbeat at the end of a day inside it. Once per loop, it plays
 * the schedule of the playlist it fetched first, the days before it as its nearest day with the
 * campaigns listed for the location (scheduled.ts); at a rate, the campaigns listed. */
async function driveDevice(
  device: SimDevice,
  { index, countsViewers }: { index: number; countsViewers: boolean },
  options: SimulationOptions,
  summary: SimulationSummary,
): Promise<void> {
  const { send, settings, from, to } = options;
  const random = createRandom(mixSeed(options.seed, index));
  /** The plays' own ids, a stream of their own (the plays stay those of the seed). */
  const playIds = createRandom(mixSeed(options.seed, index, PLAY_ID_STREAM));
  const { token, silent } = device;
  const player = createPlayer({
    token,
    send,
    seed: mixSeed(options.seed, index, 0x4ea1),
    bootAt: from,
    counts: summary.health,
    screenOff: device.screenOff,
    stale: device.stale,
  });
  await player.heartbeat(from);
  const { playlist } = await player.fetchPlaylist();
  const { only } = options;
  const campaigns = withPlaylistChecksums(
    playedCampaigns(options.campaigns.get(device.location) ?? [], new Set(playlist.campaigns.map((c) => c.id))),
    playlist,
  );
  if (!campaigns.length) return;
  const byLoop = settings.playsPerHour === 'loop';
  const plan = byLoop
    ? devicePlan({
        playlist,
        timeZone: settings.timeZone,
        span: [dayOfInstant(from, settings.timeZone), dayOfInstant(Math.max(from, to - 1), settings.timeZone)],
        listed: campaigns,
        fallback: {
          opening: device.opening ?? DEFAULT_OPENING,
          loopSeconds: device.loopSeconds ?? LOOP_SECONDS_DEFAULT,
        },
      })
    : null;
  const zones = plan ? zonesOf(playlist, plan) : [];
  const played = campaigns.filter((c) => !only || only.has(c.id));
  const byId = new Map([...campaigns, ...(plan ? campaignsOfPlan(plan).values() : [])].map((c) => [c.id, c]));
  const goesDark = !!silent && silent[0] < to && silent[1] > from;
  if (goesDark) summary.health.offline_stretches++;
  let restarted = false;

  const size = options.batchSize ?? MAX_EVENTS_PER_BATCH;
  let pending: DeviceEvent[] = [];
  const post = async (events: DeviceEvent[]) => {
    const rejected = rejectedRows(await postEvents(send, token, { batch_id: random.uuid(), events }));
    summary.batches++;
    summary.rejected += rejected.size;
    events.forEach((e, i) => {
      if (!rejected.has(i)) countPlay(summary, e, byId.get(e.campaign)!, device.location);
    });
  };
  const { hours } = device;
  for (const day of daysOf(from, to, settings.timeZone)) {
    // A dark panel plays nothing.
    if (!device.screenOff) {
      const events = plan
        ? scheduledEvents({
            plan,
            zones,
            day,
            from: Math.max(from, zonedInstant(day, 0, settings.timeZone)),
            to: Math.min(to, zonedInstant(day, 24 * 60, settings.timeZone)),
            settings,
            random,
            countsViewers,
            playIds,
            only,
          })
        : eventsOfDay({ campaigns: played, day, from, to, settings, random, hours, countsViewers, playIds });
      pending.push(...events.filter((e) => !isDark(device, Date.parse(e.started_at))));
    }
    const batches = batchesOf(pending, size);
    // A part-filled last batch waits for the next day's events.
    pending = batches.at(-1)?.length === size ? [] : (batches.pop() ?? []);
    for (const batch of batches) await post(batch);
    const at = Math.min(to, zonedInstant(day, 24 * 60, settings.timeZone));
    if (!isDark(device, at)) {
      if (goesDark && !restarted && at >= silent![1]) {
        restarted = true;
        player.restart(silent![1]);
      }
      await player.heartbeat(at);
      await player.fetchPlaylist();
    }
    options.onProgress?.({ device: device.serial, day, events: summary.events, batches: summary.batches });
  }
  if (pending.length) await post(pending);
}

/** Runs every device (a few at a time) and gives what was sent. */
export async function runSimulation(options: SimulationOptions): Promise<SimulationSummary> {
  const started = performance.now();
  const summary = emptySummary(options.devices.length);
  const uncounted = pickShare(options.devices.length, options.uncounted ?? 0, options.seed);
  const queue = options.devices.map((device, index) => ({
    device,
    index,
    countsViewers: device.countsViewers ?? !uncounted.has(index),
  }));
  summary.uncounted = queue.filter((d) => !d.countsViewers).map((d) => d.device.serial);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await driveDevice(next.device, next, options, summary);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}
