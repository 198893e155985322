// What simulated devices report, as pure functions of a seeded random source: plays of each campaign
// in its zones, inside its dates and daily time window, with audiences that follow the day (more
// viewers at midday and in the evening, other hours at weekends) and the campaign's targeting. Plays at
// a rate (`--rate R`) are drawn here; plays once per loop follow the loop schedule (scheduled.ts).
import { CampaignState, type Gender } from '@marquee/contracts/campaigns';
import { COMPLETION_TOLERANCE_MS, isCompletedPlay } from '@marquee/contracts/delivery';
import { MAX_EVENTS_PER_BATCH, MAX_VIEWERS_PER_EVENT, type DeviceEvent } from '@marquee/contracts/device-gateway';
import type { OpeningHours } from '@marquee/contracts/play-spans';
import { dayOfInstant, zonedInstant } from '@marquee/contracts/time-zones';
import { eachDay } from '../lib/days.ts';
import type { Random } from './random.ts';

/** A campaign as the simulator needs it (from the campaigns API or the tables). */
export type SimCampaign = {
  id: number;
  state: number;
  start_date: string;
  end_date: string;
  zones: number[];
  p_times_on: boolean;
  p_start_time: string | null;
  p_end_time: string | null;
  p_gender_on: boolean;
  p_gender: Gender | null;
  p_age_on: boolean;
  p_age: number[] | null;
  /** Its place in the loop (with the id after it); 0 when not known. */
  ordering?: number;
  /** The clip's length, seconds. */
  duration: number;
  /** The sha256 (hex) of the clip's file, which the devices report with each play; left out when not
   * known (the plays then carry none, as old devices send them). */
  checksum?: string;
  /** For the command line's summary. */
  name?: string;
};

/** The fields a simulated campaign takes as they are from a campaign of the API or of a playlist. */
export const simCampaignFields = (c: Omit<SimCampaign, 'zones' | 'duration' | 'checksum'>) => ({
  id: c.id,
  name: c.name,
  state: c.state,
  ordering: c.ordering,
  start_date: c.start_date,
  end_date: c.end_date,
  p_times_on: c.p_times_on,
  p_start_time: c.p_start_time,
  p_end_time: c.p_end_time,
  p_gender_on: c.p_gender_on,
  p_gender: c.p_gender,
  p_age_on: c.p_age_on,
  p_age: c.p_age,
});

export type SimSettings = {
  /** The server's time zone: campaign days and time windows are read in it. */
  timeZone: string;
  /** The configured age group ids, youngest first. */
  ageGroups: number[];
  /** Plays of each campaign in each of its zones per opening hour, on average; `loop`: where the loop
   * schedule every player follows puts them (scheduled.ts), once per loop of the device's location. */
  playsPerHour: number | 'loop';
  /** Share of plays cut short, 0–1 (DEFAULT_SHORT_SHARE when left out). */
  shortShare?: number;
  /** Share of plays that report another file's checksum (a wrong creative), 0–1; none when left out. */
  wrongChecksumShare?: number;
};

/** Hours (local) the screens are on when the location's opening hours are not given: 06:00 to
 * midnight (the OPENING_HOURS default). */
export const OPEN_FROM_HOUR = 6;
export const OPEN_TO_HOUR = 24;
const DEFAULT_HOURS = Array.from({ length: OPEN_TO_HOUR - OPEN_FROM_HOUR }, (_, i) => OPEN_FROM_HOUR + i);
/** The same as opening hours. */
export const DEFAULT_OPENING: OpeningHours = { open_time: '06:00', close_time: '24:00' };

/** Viewers per play by local hour on a weekday: a morning rush, lunch, and the evening peak. */
const WEEKDAY_AUDIENCE = [
  0.05, 0.03, 0.02, 0.02, 0.03, 0.1, 0.4, 1.0, 1.3, 0.9, 0.8, 1.2, 2.0, 1.8, 1.0, 0.9, 1.1, 1.6, 2.2, 2.4, 1.9, 1.3,
  0.7, 0.3,
];
/** At weekends people come later and stay through the afternoon. */
const WEEKEND_AUDIENCE = [
  0.1, 0.05, 0.03, 0.02, 0.02, 0.05, 0.15, 0.3, 0.6, 1.0, 1.4, 1.8, 2.3, 2.4, 2.2, 2.1, 2.0, 2.1, 2.3, 2.2, 1.8, 1.4,
  0.9, 0.5,
];
/** The share of women among viewers. */
const FEMALE_SHARE = 0.52;
/** Share of plays cut short (the loop changed, the device restarted) unless the settings say. */
export const DEFAULT_SHORT_SHARE = 0.02;
/** The checksum a device reports when it played another file than the playlist's: visibly not a
 * sha256 of anything, and never a clip's. */
export const WRONG_CHECKSUM = '0badc0de'.repeat(8);

/** Sunday or Saturday, for a yyyy-MM-dd day. */
export const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());

/** The mean viewers of one play at `hour` (0–23, local) on `day`. */
export const audienceMean = (day: string, hour: number) =>
  (isWeekend(day) ? WEEKEND_AUDIENCE : WEEKDAY_AUDIENCE)[hour] ?? 0;

/** Minutes since midnight of `HH:mm`. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether a campaign plays at `minute` (since local midnight): always, or inside its window
 * [start, end) (a window that ends before it starts runs over midnight). */
export function inTimeWindow(campaign: SimCampaign, minute: number): boolean {
  if (!campaign.p_times_on || !campaign.p_start_time || !campaign.p_end_time) return true;
  const start = minutesOf(campaign.p_start_time);
  const end = minutesOf(campaign.p_end_time);
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

export { zonedInstant };

/** Campaigns that went to the devices: sent or later (finished ones played before they closed), and
 * approved ones the device's playlist carries today (fetching it sends them). */
export function playedCampaigns(campaigns: SimCampaign[], inPlaylist: ReadonlySet<number>): SimCampaign[] {
  const played: number[] = [CampaignState.Sent, CampaignState.Active, CampaignState.Viewed, CampaignState.Finished];
  return campaigns.filter(
    (c) => played.includes(c.state) || (c.state === CampaignState.Approved && inPlaylist.has(c.id)),
  );
}

/** Age weights of a passing crowd, youngest group first: mostly young and middle-aged adults. */
const ageWeight = (index: number, count: number) => {
  const x = count > 1 ? index / (count - 1) : 0.5;
  return Math.exp(-((x - 0.35) ** 2) / 0.08) + 0.05;
};

/** The viewers of one play; a targeted campaign is shown when its audience is in front of the screen,
 * so its viewers have the targeted gender and age groups. */
export function viewersOf(
  campaign: SimCampaign,
  count: number,
  ageGroups: number[],
  random: Random,
): DeviceEvent['viewers'] {
  const ages = campaign.p_age_on && campaign.p_age?.length ? campaign.p_age : ageGroups;
  const weights = ages.map((id) => {
    const index = ageGroups.indexOf(id);
    return ageWeight(index < 0 ? 0 : index, ageGroups.length);
  });
  return Array.from({ length: Math.min(count, MAX_VIEWERS_PER_EVENT) }, () => ({
    gender: campaign.p_gender_on && campaign.p_gender ? campaign.p_gender : random.next() < FEMALE_SHARE ? 'f' : 'm',
    age_group: random.weighted(ages, weights),
  }));
}

/** A play of a clip `full` ms long (`seconds` as the campaign gives it) cut at `r` (0–1) of it: too
 * short to count as completed where the clip is long enough for that. */
function cutShort(full: number, seconds: number, r: number): number {
  const played = Math.round(full * (0.2 + 0.7 * r));
  const longestShort = Math.round(seconds * 1000) - COMPLETION_TOLERANCE_MS - 1;
  return longestShort > 0 ? Math.min(played, longestShort) : played;
}

/** How long a play lasted: the clip's length give or take a few frames, or (a `shortShare` of plays)
 * cut short, too short to count as completed where the clip is long enough for that. Always two draws,
 * so the share changes no other play. */
export function playDuration(seconds: number, random: Random, shortShare = DEFAULT_SHORT_SHARE): number {
  const full = Math.max(1000, Math.round(seconds * 1000));
  const cut = random.next() < shortShare;
  const r = random.next();
  if (!cut) return Math.max(0, full + Math.floor(r * 241) - 120);
  return cutShort(full, seconds, r);
}

/** How long a play of the schedule lasted: its slot, the clip's length `clipMs` (ms, as the schedule
 * lays it out), or (a `shortShare` of plays) cut short as `playDuration` cuts. The same two draws. */
export function slotDuration(clipMs: number, random: Random, shortShare = DEFAULT_SHORT_SHARE): number {
  const cut = random.next() < shortShare;
  const r = random.next();
  return cut ? cutShort(clipMs, clipMs / 1000, r) : clipMs;
}

/** What the delivery reports make of a play: delivered (completed, right file), short (right file, not
 * completed) or wrong creative (another file's checksum, whatever its length). Disjoint. */
export type PlayOutcome = 'delivered' | 'short' | 'wrong_creative';

export function playOutcome(event: DeviceEvent, campaign: Pick<SimCampaign, 'duration' | 'checksum'>): PlayOutcome {
  if (event.clip_checksum !== undefined && event.clip_checksum !== campaign.checksum) return 'wrong_creative';
  return isCompletedPlay(event.duration_ms, campaign.duration) ? 'delivered' : 'short';
}

/**
 * One device's events of `day` (local, in `settings.timeZone`) at a rate, by start time, for the
 * campaigns it plays: each campaign whose dates hold the day, in each of its zones, in each opening hour
 * (`hours`, the location's; 06–24 by default) that its time window allows, about `playsPerHour` times
 * at random instants. Only events in [from, to) (ms) are kept. A device that counts no viewers
 * (`countsViewers` false) leaves them out. Plays once per loop (`playsPerHour: 'loop'`) are the
 * schedule's: `scheduledEvents`.
 */
export function eventsOfDay({
  campaigns,
  day,
  from,
  to,
  settings,
  random,
  hours = DEFAULT_HOURS,
  countsViewers = true,
  playIds,
}: {
  campaigns: SimCampaign[];
  day: string;
  from: number;
  to: number;
  settings: SimSettings;
  random: Random;
  hours?: readonly number[];
  countsViewers?: boolean;
  /** Gives each play its own id (`play_id`), in time order, from this stream: a stream of its own, so
   * the plays themselves stay those of the seed with or without ids. */
  playIds?: Random;
}): DeviceEvent[] {
  const mean = settings.playsPerHour;
  if (mean === 'loop') throw new RangeError('Plays once per loop follow the schedule: scheduledEvents.');
  const today = campaigns.filter((c) => c.start_date <= day && day <= c.end_date);
  const { timeZone, shortShare = DEFAULT_SHORT_SHARE, wrongChecksumShare = 0 } = settings;
  const events: { at: number; event: DeviceEvent }[] = [];
  for (const hour of hours) {
    const audience = audienceMean(day, hour);
    const start = zonedInstant(day, hour * 60, timeZone);
    for (const campaign of today) {
      for (const zone of campaign.zones) {
        const starts = Array.from({ length: random.poisson(mean) }, () => start + random.int(0, 3_599_999));
        for (const at of starts) {
          const minute = hour * 60 + Math.floor((at - start) / 60_000);
          // Drawn before the checks, so a play's audience does not depend on the window of another.
          const viewers = viewersOf(campaign, random.poisson(audience), settings.ageGroups, random);
          const duration_ms = playDuration(campaign.duration, random, shortShare);
          const checksum = random.next() < wrongChecksumShare ? WRONG_CHECKSUM : campaign.checksum;
          if (!inTimeWindow(campaign, minute) || at < from || at >= to) continue;
          const event: DeviceEvent = {
            campaign: campaign.id,
            zone,
            started_at: new Date(at).toISOString(),
            duration_ms,
          };
          if (countsViewers) event.viewers = viewers;
          if (checksum !== undefined) event.clip_checksum = checksum;
          events.push({ at, event });
        }
      }
    }
  }
  const sorted = events.sort((a, b) => a.at - b.at);
  return playIds ? sorted.map((e) => ({ play_id: playIds.uuid(), ...e.event })) : sorted.map((e) => e.event);
}

/** The local days that [from, to) touches. */
export const daysOf = (from: number, to: number, timeZone: string) =>
  eachDay(dayOfInstant(from, timeZone), dayOfInstant(Math.max(from, to - 1), timeZone));

/** Splits events into batches of at most `size` (the gateway takes up to MAX_EVENTS_PER_BATCH). */
export function batchesOf<T>(events: T[], size: number = MAX_EVENTS_PER_BATCH): T[][] {
  const limit = Math.max(1, Math.min(size, MAX_EVENTS_PER_BATCH));
  const batches: T[][] = [];
  for (let i = 0; i < events.length; i += limit) batches.push(events.slice(i, i + limit));
  return batches;
}
