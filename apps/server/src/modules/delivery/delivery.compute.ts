// A campaign's delivery from what the repository read: expected plays per location and day by the
// contracts' rules (devices × zones × loops in its window within the opening hours), the counted plays
// beside them, grouped as asked, and the figures (due, delivery %, pacing) of each row and the totals.
import { CampaignState, REPORT_STATES, boundedRun } from '@marquee/contracts/campaigns';
import {
  campaignPacing,
  deliveryFigures,
  expectedPlays,
  goalOf,
  playSpans,
  type Deliverable,
  type DeliveryCounts,
  type DevicePeriod,
  type DeliveryGroup,
  type DeliveryRow,
  type DeliveryTotals,
  type Span,
} from '@marquee/contracts/delivery';
import { eachDayOf } from '@marquee/contracts/inventory';
import type { LocationDevicePeriods } from '../locations/device-periods.repository.ts';
import type { DayCounts, DeliveryCampaign } from './delivery.repository.ts';

export type DeliveryClock = {
  timeZone: string;
  /** Today, yyyy-MM-dd in the time zone. */
  today: string;
  /** The start of the current hour (ms): what is due and delivered counts up to here. */
  cutoff: number;
};

type Cell = DeliveryCounts & { location: number; location_name: string; date: string };

const zero = (): DeliveryCounts => ({
  expected: 0,
  contract: 0,
  bonus: 0,
  delivered: 0,
  partial: 0,
  wrong_creative: 0,
  outside_schedule: 0,
  impressions_measured: 0,
  impressions_modelled: 0,
});

function add(into: DeliveryCounts, from: DeliveryCounts) {
  into.expected += from.expected;
  into.contract += from.contract;
  into.bonus += from.bonus;
  into.delivered += from.delivered;
  into.partial += from.partial;
  into.wrong_creative += from.wrong_creative;
  into.outside_schedule += from.outside_schedule;
  into.impressions_measured += from.impressions_measured;
  into.impressions_modelled += from.impressions_modelled;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A device there all the time: a contract counts the screens booked for every day of the run. */
const ALWAYS: DevicePeriod = { from: -Infinity, to: null };

/** Entries kept by `expectedOf` at most; past that it starts again empty. */
const KEPT_MAX = 200_000;
/** Expected plays computed before, by what they were computed from (`expectedPlays` depends on nothing
 * else): campaigns at one location share its days, and the next hour's figures reuse the days before
 * it. Keyed by the schedule's number (`schedules`; numbers are never given twice), the day and cutoff. */
const kept = new Map<string, number>();
const schedules = new Map<string, number>();
let lastSchedule = 0;

type Schedule = { spans: Span[]; loopSeconds: number; devices: readonly DevicePeriod[] };

/** The schedule with the number of everything its expected plays depend on but the day and cutoff. */
function numbered(schedule: Schedule, zones: readonly number[], timeZone: string) {
  const { spans, loopSeconds, devices } = schedule;
  const key = `${timeZone}|${zones.join(',')}|${loopSeconds}|${spans.join(';')}|${devices.map((d) => `${d.from}~${d.to ?? ''}~${d.zones?.join('.') ?? '*'}`).join(',')}`;
  let id = schedules.get(key);
  if (id === undefined) schedules.set(key, (id = ++lastSchedule));
  return { ...schedule, id };
}

/** `expectedPlays` of `schedule` on `day` (up to `until`), computed once. */
function expectedOf(
  schedule: Schedule & { id: number },
  common: { day: string; timeZone: string; zones: readonly number[] },
  until?: number,
) {
  if (kept.size >= KEPT_MAX) {
    kept.clear();
    schedules.clear();
  }
  const key = `${schedule.id}|${common.day}|${until ?? ''}`;
  let plays = kept.get(key);
  if (plays === undefined) {
    plays = expectedPlays({
      ...common,
      spans: schedule.spans,
      loopSeconds: schedule.loopSeconds,
      devices: schedule.devices,
      until,
    });
    kept.set(key, plays);
  }
  return plays;
}

/**
 * The campaign's cells (location × day, from its start to today or its end) and its contracted plays
 * over the whole campaign. Each cell has the plays expected from the screens active there (what
 * operations expect), and the plays contracted: for a booked campaign, from its contract (the screens,
 * loop and opening hours frozen at its approval, as if there every day of the run), else the expected
 * plays (future days with the devices there now: a quote). Delivered plays above a cell's contract are
 * its bonus.
 */
function cellsOf(
  campaign: DeliveryCampaign,
  periods: LocationDevicePeriods,
  counts: readonly DayCounts[],
  clock: DeliveryClock,
) {
  // Each screen counts in the campaign's zones it shows (its period's zones).
  const zones = [...new Set(campaign.p_zones)];
  const byKey = new Map(counts.map((c) => [`${c.location}|${c.day}`, c]));
  const last = campaign.end_date < clock.today ? campaign.end_date : clock.today;
  const cells: Cell[] = [];
  let contractTotal = 0;
  let impressionsTotal: number | null = null;
  const run = boundedRun(campaign.start_date, campaign.end_date);
  const days = run ? eachDayOf(run.from, run.to) : [];
  const contracted = campaign.contract.length > 0;
  for (const location of campaign.locations) {
    const named = (schedule: Schedule) => numbered(schedule, zones, clock.timeZone);
    const live = named({
      spans: playSpans(location, campaign),
      loopSeconds: location.loop_seconds,
      devices: periods.get(location.id) ?? [],
    });
    const terms = campaign.contract.find((t) => t.location === location.id);
    const sold = !contracted
      ? live
      : terms
        ? named({
            spans: playSpans(terms, campaign),
            loopSeconds: terms.loop_seconds,
            devices: Array.from({ length: terms.devices }, () => ALWAYS),
          })
        : named({ spans: [], loopSeconds: location.loop_seconds, devices: [] });
    let locationTotal = 0;
    for (const day of days) {
      const common = { day, timeZone: clock.timeZone, zones };
      const until = day < clock.today ? undefined : clock.cutoff;
      const whole = expectedOf(sold, common);
      contractTotal += whole;
      locationTotal += whole;
      if (day > last) continue;
      const found = byKey.get(`${location.id}|${day}`);
      const contract = until === undefined ? whole : expectedOf(sold, common, until);
      const delivered = found?.delivered ?? 0;
      cells.push({
        location: location.id,
        location_name: location.name,
        date: day,
        expected: expectedOf(live, common, until),
        contract,
        bonus: contracted ? Math.max(0, delivered - Math.round(contract)) : 0,
        delivered,
        partial: found?.partial ?? 0,
        wrong_creative: found?.wrong_creative ?? 0,
        outside_schedule: found?.outside_schedule ?? 0,
        impressions_measured: found?.delivered_viewers ?? 0,
        impressions_modelled: (found?.unmeasured ?? 0) * (location.impressions_per_play ?? 0),
      });
    }
    if (location.impressions_per_play !== null) {
      impressionsTotal = (impressionsTotal ?? 0) + locationTotal * location.impressions_per_play;
    }
  }
  return { cells, contractTotal, deliverable: { plays: contractTotal, impressions: impressionsTotal } };
}

/** Campaigns that were booked (approved and later, finished ones included) pace; new and rejected ones
 * get their figures and `not_booked`. */
const booked = (state: number) => (REPORT_STATES as readonly number[]).includes(state);

export type Delivery = {
  totals: DeliveryTotals;
  rows: DeliveryRow[];
  /** What the schedule can deliver over the whole run, whatever the goal. */
  deliverable: Deliverable;
};

/** The delivery of one campaign: rows grouped by `group` over [from, to] (days; both optional) and
 * the totals of those rows. */
export function deliveryOf(
  campaign: DeliveryCampaign,
  periods: LocationDevicePeriods,
  counts: readonly DayCounts[],
  clock: DeliveryClock,
  { group = 'location,day', from, to }: { group?: DeliveryGroup; from?: string; to?: string } = {},
): Delivery {
  const { cells, contractTotal, deliverable } = cellsOf(campaign, periods, counts, clock);
  const goal = { goal_type: campaign.goal_type, goal_value: campaign.goal_value };
  const keyOf = (c: Cell) =>
    group === 'location' ? `${c.location}` : group === 'day' ? c.date : `${c.location}|${c.date}`;
  const grouped = new Map<string, { counts: DeliveryCounts; cell: Cell }>();
  const total = zero();
  for (const cell of cells) {
    if ((from && cell.date < from) || (to && cell.date > to)) continue;
    add(total, cell);
    const key = keyOf(cell);
    let entry = grouped.get(key);
    if (!entry) grouped.set(key, (entry = { counts: zero(), cell }));
    add(entry.counts, cell);
  }
  const status = {
    booked: booked(campaign.state),
    finished: campaign.state === CampaignState.Finished || campaign.end_date < clock.today,
  };
  const figuresOf = (counts: DeliveryCounts) => {
    const f = deliveryFigures(counts, goal, contractTotal);
    return { ...f, pacing: campaignPacing(f.delivery_pct, status) };
  };
  const rows = [...grouped.values()].map(({ counts, cell }): DeliveryRow => ({
    ...(group.includes('location') ? { location: cell.location, location_name: cell.location_name } : {}),
    ...(group.includes('day') ? { date: cell.date } : {}),
    ...figuresOf(counts),
  }));
  // By day, then in the campaign's location order (by name, as the repository gives them).
  const place = new Map(campaign.locations.map((l, i) => [l.id, i]));
  rows.sort(
    (a, b) =>
      (a.date === b.date ? 0 : (a.date ?? '') < (b.date ?? '') ? -1 : 1) ||
      (place.get(a.location ?? 0) ?? 0) - (place.get(b.location ?? 0) ?? 0),
  );
  const set = goalOf(goal);
  const contracted = set ? set.value : Math.round(contractTotal);
  const totals = figuresOf(total);
  const got =
    set?.type === 'impressions' ? totals.impressions_measured + totals.impressions_modelled : totals.delivered;
  return {
    rows,
    deliverable: {
      plays: Math.round(deliverable.plays),
      impressions: deliverable.impressions === null ? null : Math.round(deliverable.impressions),
    },
    totals: {
      ...totals,
      goal_type: set?.type ?? null,
      goal_value: set?.value ?? null,
      contracted,
      deliverable_plays: Math.round(deliverable.plays),
      deliverable_impressions: deliverable.impressions === null ? null : Math.round(deliverable.impressions),
      progress_pct: contracted > 0 ? round1((got / contracted) * 100) : null,
    },
  };
}
