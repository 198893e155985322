// What simulated devices report, as pure functions of a seeded random source: plays of each campaign
// in its zones, inside its dates and daily time window, with audiences that follow the day (more
// viewers at midday and in the evening, other hours at weekends) and the campaign's targeting.
import { CampaignState, type Gender } from '@marquee/contracts/campaigns';
import { MAX_EVENTS_PER_BATCH, MAX_VIEWERS_PER_EVENT, type DeviceEvent } from '@marquee/contracts/device-gateway';
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
  /** The clip's length, seconds. */
  duration: number;
};

export type SimSettings = {
  /** The server's time zone: campaign days and time windows are read in it. */
  timeZone: string;
  /** The configured age group ids, youngest first. */
  ageGroups: number[];
  /** Plays of each campaign in each of its zones per opening hour, on average. */
  playsPerHour: number;
};

/** Hours (local) the screens are on when the location's opening hours are not given: 06:00 to
 * midnight (the OPENING_HOURS default). */
export const OPEN_FROM_HOUR = 6;
export const OPEN_TO_HOUR = 24;
const DEFAULT_HOURS = Array.from({ length: OPEN_TO_HOUR - OPEN_FROM_HOUR }, (_, i) => OPEN_FROM_HOUR + i);

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
/** Share of plays cut short (the loop changed, the device restarted). */
const CUT_SHORT = 0.08;

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

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s clocks are ahead of UTC at instant `t`, ms. */
function offsetAt(t: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(t).map((x) => [x.type, Number(x.value)]));
  const local = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return local - Math.floor(t / 1000) * 1000;
}

/** The instant (ms) of `minute` minutes after local midnight of `day` in `timeZone`. */
export function zonedInstant(day: string, minute: number, timeZone: string): number {
  const asUtc = Date.parse(`${day}T00:00:00Z`) + minute * 60_000;
  const first = asUtc - offsetAt(asUtc, timeZone);
  return asUtc - offsetAt(first, timeZone);
}

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

/** How long a play lasted: the clip's length give or take a few frames, now and then cut short. */
export function playDuration(seconds: number, random: Random): number {
  const full = Math.max(1000, Math.round(seconds * 1000));
  if (random.next() < CUT_SHORT) return Math.round(full * (0.2 + 0.7 * random.next()));
  return Math.max(0, full + random.int(-120, 120));
}

/**
 * One device's events of `day` (local, in `settings.timeZone`), by start time, for the campaigns it
 * plays: each campaign whose dates hold the day, in each of its zones, about `playsPerHour` times in
 * each opening hour (`hours`, the location's; 06–24 by default) that its time window allows; only
 * events in [from, to) (ms) are kept.
 */
export function eventsOfDay({
  campaigns,
  day,
  from,
  to,
  settings,
  random,
  hours = DEFAULT_HOURS,
}: {
  campaigns: SimCampaign[];
  day: string;
  from: number;
  to: number;
  settings: SimSettings;
  random: Random;
  hours?: readonly number[];
}): DeviceEvent[] {
  const today = campaigns.filter((c) => c.start_date <= day && day <= c.end_date);
  const events: { at: number; event: DeviceEvent }[] = [];
  for (const hour of hours) {
    const mean = audienceMean(day, hour);
    for (const campaign of today) {
      for (const zone of campaign.zones) {
        const plays = random.poisson(settings.playsPerHour);
        for (let i = 0; i < plays; i++) {
          const minute = hour * 60 + random.int(0, 59);
          const at = zonedInstant(day, minute, settings.timeZone) + random.int(0, 59_999);
          // Drawn before the checks, so a play's audience does not depend on the window of another.
          const viewers = viewersOf(campaign, random.poisson(mean), settings.ageGroups, random);
          const duration_ms = playDuration(campaign.duration, random);
          if (!inTimeWindow(campaign, minute) || at < from || at >= to) continue;
          events.push({
            at,
            event: { campaign: campaign.id, zone, started_at: new Date(at).toISOString(), duration_ms, viewers },
          });
        }
      }
    }
  }
  return events.sort((a, b) => a.at - b.at).map((e) => e.event);
}

/** The local days that [from, to) touches. */
export const daysOf = (from: number, to: number, timeZone: string) =>
  eachDay(dayOfInstant(from, timeZone), dayOfInstant(Math.max(from, to - 1), timeZone));

const dayOfInstant = (t: number, timeZone: string) => {
  const local = t + offsetAt(t, timeZone);
  return new Date(local).toISOString().slice(0, 10);
};

/** Splits events into batches of at most `size` (the gateway takes up to MAX_EVENTS_PER_BATCH). */
export function batchesOf<T>(events: T[], size: number = MAX_EVENTS_PER_BATCH): T[][] {
  const limit = Math.max(1, Math.min(size, MAX_EVENTS_PER_BATCH));
  const batches: T[][] = [];
  for (let i = 0; i < events.length; i += limit) batches.push(events.slice(i, i + limit));
  return batches;
}
