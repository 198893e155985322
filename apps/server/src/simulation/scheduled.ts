// The simulator's plays once per loop (`--rate loop`): where the loop schedule every player follows puts
// them (`playsBetween` of contracts' schedule.ts), from the days of the playlist a device holds, so that
// its plays start at the schedule's slot starts and last the clip's length unless cut short. A history
// that goes back before the playlist's first day plays each such day by the opening hours and loop of
// the playlist's nearest day, with the campaigns the admin API lists (a playlist names only the
// campaigns of its own days).
import type { DeviceEvent, PlaylistCampaign, PlaylistResponse } from '@marquee/contracts/device-gateway';
import { LOOP_SECONDS_DEFAULT } from '@marquee/contracts/inventory';
import type { OpeningHours } from '@marquee/contracts/play-spans';
import {
  clipMs,
  playsBetween,
  type ScheduleCampaign,
  type ScheduleDay,
  type SchedulePlan,
} from '@marquee/contracts/schedule';
import { localMinuteOf } from '@marquee/contracts/time-zones';
import { eachDay } from '../lib/days.ts';
import {
  DEFAULT_OPENING,
  DEFAULT_SHORT_SHARE,
  WRONG_CHECKSUM,
  audienceMean,
  slotDuration,
  simCampaignFields,
  viewersOf,
  type SimCampaign,
  type SimSettings,
} from './generate.ts';
import type { Random } from './random.ts';

/** A campaign as the schedule reads it, with the simulator's own view of it (`sim`). */
export type PlanCampaign = ScheduleCampaign & { sim: SimCampaign };
export type DevicePlan = SchedulePlan<PlanCampaign>;

/** A campaign of the simulator as the schedule reads it. */
export const planCampaign = (sim: SimCampaign): PlanCampaign => ({
  id: sim.id,
  ordering: sim.ordering ?? 0,
  zones: sim.zones,
  start_date: sim.start_date,
  end_date: sim.end_date,
  p_times_on: sim.p_times_on,
  p_start_time: sim.p_start_time,
  p_end_time: sim.p_end_time,
  clip: { duration: sim.duration },
  sim,
});

/** A playlist's campaign as the simulator plays it (its clip's length and checksum). */
export const simCampaignOf = (c: PlaylistCampaign): SimCampaign => ({
  ...simCampaignFields(c),
  zones: c.zones,
  duration: c.clip.duration,
  checksum: c.clip.checksum,
});

/** What a device plays where its playlist has no day: its location's opening hours and loop (06–24 and
 * the default loop when not known). */
export type PlanFallback = { opening: OpeningHours; loopSeconds: number };
const DEFAULT_FALLBACK: PlanFallback = { opening: DEFAULT_OPENING, loopSeconds: LOOP_SECONDS_DEFAULT };

/**
 * The plan a device holding `playlist` plays: each day of the playlist as it is (its opening hours,
 * loop and campaigns), and, when `span` asks for days the playlist does not reach (a history's past
 * days), each of those with the opening hours and loop of the playlist's nearest day and the campaigns
 * `listed` (the admin API's). A playlist without days (a server from before them) gives every day of
 * `span` the `fallback`'s hours and loop. The plan's days are consecutive and carry their dates, so the
 * schedule reads each instant's day right.
 */
export function devicePlan({
  playlist,
  timeZone,
  span,
  listed = [],
  fallback = DEFAULT_FALLBACK,
}: {
  playlist: Partial<Pick<PlaylistResponse, 'days' | 'time_zone'>> | null;
  /** The zone the dates are meant in when the playlist does not say. */
  timeZone: string;
  /** The first and last local days the plan must cover (yyyy-MM-dd); the playlist's alone when left out. */
  span?: readonly [string, string];
  listed?: readonly SimCampaign[];
  fallback?: PlanFallback;
}): DevicePlan {
  const entries = [...(playlist?.days ?? [])].sort((a, b) => a.date.localeCompare(b.date));
  const own = new Map(
    entries.map((e): [string, ScheduleDay<PlanCampaign>] => [
      e.date,
      {
        date: e.date,
        open_time: e.open_time,
        close_time: e.close_time,
        loop_seconds: e.loop_seconds,
        campaigns: e.campaigns.map((c) => planCampaign(simCampaignOf(c))),
      },
    ]),
  );
  const dates = [span?.[0], span?.[1], entries[0]?.date, entries.at(-1)?.date].filter((d) => d !== undefined);
  if (!dates.length) return { time_zone: playlist?.time_zone ?? timeZone, days: [] };
  dates.sort();
  const campaigns = listed.map(planCampaign);
  const days = eachDay(dates[0]!, dates.at(-1)!).map((date): ScheduleDay<PlanCampaign> => {
    const day = own.get(date);
    if (day) return day;
    const nearest = entries.length ? (date < entries[0]!.date ? entries[0]! : entries.at(-1)!) : null;
    return {
      date,
      open_time: nearest?.open_time ?? fallback.opening.open_time,
      close_time: nearest?.close_time ?? fallback.opening.close_time,
      loop_seconds: nearest?.loop_seconds ?? fallback.loopSeconds,
      campaigns,
    };
  });
  return { time_zone: playlist?.time_zone ?? timeZone, days };
}

/** Every campaign a plan names (the last one of each id). */
export const campaignsOfPlan = (plan: DevicePlan): Map<number, SimCampaign> =>
  new Map(plan.days.flatMap((d) => d.campaigns.map((c): [number, SimCampaign] => [c.id, c.sim])));

/** The zones a device shows: its playlist's, or (a playlist that does not say) every zone its plan's
 * campaigns play in. */
export const zonesOf = (playlist: Partial<Pick<PlaylistResponse, 'zones'>> | null, plan: DevicePlan): number[] =>
  playlist?.zones ?? [...new Set(plan.days.flatMap((d) => d.campaigns.flatMap((c) => c.zones)))].sort((a, b) => a - b);

/**
 * One device's plays that start in [from, to) (ms, within the local `day`), by start time: for each of
 * its `zones`, each campaign's slot of the plan's schedule, starting at the slot's start on the server's
 * clock (a player stamps plays in the server's time: its own clock corrected by the offset it measures),
 * lasting the clip's length unless cut short (`shortShare`), with the file's checksum unless it played
 * another (`wrongChecksumShare`) and viewers by the hour (left out when `countsViewers` is false). Only
 * the campaigns of `only`, when given, are kept; the others are drawn all the same, so that a play's
 * draws do not depend on which campaigns are asked for.
 */
export function scheduledEvents({
  plan,
  zones,
  day,
  from,
  to,
  settings,
  random,
  countsViewers = true,
  playIds,
  only,
}: {
  plan: DevicePlan;
  zones: readonly number[];
  day: string;
  from: number;
  to: number;
  settings: SimSettings;
  random: Random;
  countsViewers?: boolean;
  /** Gives each play its own id (`play_id`), in time order, from this stream of its own. */
  playIds?: Random;
  only?: ReadonlySet<number> | null;
}): DeviceEvent[] {
  const { shortShare = DEFAULT_SHORT_SHARE, wrongChecksumShare = 0 } = settings;
  const events: { at: number; event: DeviceEvent }[] = [];
  for (const zone of zones) {
    for (const slot of playsBetween(plan, zone, from, to)) {
      const campaign = slot.campaign.sim;
      const hour = Math.floor(localMinuteOf(slot.start, plan.time_zone) / 60);
      const viewers = viewersOf(campaign, random.poisson(audienceMean(day, hour)), settings.ageGroups, random);
      const duration_ms = slotDuration(clipMs(slot.campaign), random, shortShare);
      const checksum = random.next() < wrongChecksumShare ? WRONG_CHECKSUM : campaign.checksum;
      if (only && !only.has(campaign.id)) continue;
      const event: DeviceEvent = {
        campaign: campaign.id,
        zone,
        started_at: new Date(slot.start).toISOString(),
        duration_ms,
      };
      if (countsViewers) event.viewers = viewers;
      if (checksum !== undefined) event.clip_checksum = checksum;
      events.push({ at: slot.start, event });
    }
  }
  // Zone by zone above; in time order (a stable sort: the zones' order where plays start together).
  const sorted = events.sort((a, b) => a.at - b.at);
  return playIds ? sorted.map((e) => ({ play_id: playIds.uuid(), ...e.event })) : sorted.map((e) => e.event);
}
