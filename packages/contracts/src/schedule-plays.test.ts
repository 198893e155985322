// playsBetween: the play slots of slotsBetween, found loop by loop, for every kind of plan the
// schedule knows (openings past midnight and all day, days the clocks change, windows, dates, zones,
// loops that run long, other hours and loops from one day to the next).
import { describe, expect, it } from 'vitest';
import { playsBetween, slotsBetween, type ScheduleCampaign, type SchedulePlan } from './schedule.ts';
import { campaign, TZ } from './schedule.test-plans.ts';
import { zonedInstant } from './time-zones.ts';

const window = (start: string, end: string) => ({ p_times_on: true, p_start_time: start, p_end_time: end });

type Hours = { open?: string; close?: string; loop?: number; campaigns: ScheduleCampaign[] };

/** A plan of consecutive days from `first`, the n-th with `days[n]`'s hours, loop and campaigns. */
function plan(first: string, days: Hours[]): SchedulePlan {
  return {
    time_zone: TZ,
    days: days.map(({ open = '08:00', close = '20:00', loop = 60, campaigns }, i) => ({
      date: new Date(Date.parse(`${first}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
      open_time: open,
      close_time: close,
      loop_seconds: loop,
      campaigns,
    })),
  };
}

const midnight = (day: string) => zonedInstant(day, 0, TZ);

/** The play slots slotsBetween gives that start in [from, to). */
const slowPlays = (p: SchedulePlan, zone: number, from: number, to: number) =>
  slotsBetween(p, zone, from, to).filter((s) => s.kind === 'play' && s.start >= from);

/** Asserts that playsBetween gives slotsBetween's plays over the whole plan and a part of it. */
function expectSame(p: SchedulePlan, zones: number[] = [1]) {
  const from = midnight(p.days[0]!.date);
  const to = zonedInstant(p.days.at(-1)!.date, 24 * 60, TZ);
  let plays = 0;
  for (const zone of zones) {
    const fast = playsBetween(p, zone, from, to);
    expect(fast).toEqual(slowPlays(p, zone, from, to));
    plays += fast.length;
    // From inside a slot to inside another: the slot that began before `from` is left out.
    const part = [from + 13 * 3_600_000 + 7_777, from + 30 * 3_600_000 + 1_234] as const;
    expect(playsBetween(p, zone, ...part)).toEqual(slowPlays(p, zone, ...part));
  }
  expect(plays).toBeGreaterThan(0);
}

describe('playsBetween', () => {
  it('gives the play slots of slotsBetween: windows, zones, loop order and a clip that would pass the close', () => {
    const campaigns = [
      campaign(3, 12, { ordering: 1, zones: [1, 2] }),
      campaign(1, 15, { ordering: 2, ...window('10:00', '12:30') }),
      campaign(2, 10, { ordering: 2, zones: [2], start_date: '2026-06-11' }),
    ];
    expectSame(
      plan('2026-06-10', [
        { loop: 300, campaigns },
        { loop: 300, campaigns },
      ]),
      [1, 2],
    );
    // 70-second loops do not divide the day: the last loop's clips must end by the close.
    expectSame(plan('2026-06-10', [{ loop: 70, open: '18:00', close: '22:00', campaigns }, { campaigns }]), [1, 2]);
  });

  it('follows openings past midnight from the evening before, with the campaigns of each date', () => {
    const campaigns = [
      campaign(1, 10, { end_date: '2026-06-11' }),
      campaign(2, 20, window('23:00', '01:00')),
      campaign(4, 8),
    ];
    const days = [0, 1, 2].map(() => ({ open: '18:00', close: '02:00', loop: 240, campaigns }));
    expectSame(plan('2026-06-10', days));
  });

  it('starts a loop at each local midnight when open all day, on the days the clocks change', () => {
    const campaigns = [
      campaign(1, 10, window('02:00', '03:00')),
      campaign(2, 25),
      campaign(3, 30, window('02:30', '03:30')),
    ];
    const allDay = { open: '00:00', close: '24:00', loop: 420, campaigns };
    expectSame(plan('2026-03-28', [allDay, allDay, allDay]));
    expectSame(plan('2026-10-24', [allDay, allDay, allDay]));
    // Open past midnight across the change.
    const late = { open: '20:00', close: '04:00', loop: 180, campaigns };
    expectSame(plan('2026-10-24', [late, late]));
    expectSame(plan('2026-03-28', [late, late]));
  });

  it('runs overbooked loops long, as slotsBetween does', () => {
    // slotAt walks an overbooked stretch from its opening for every slot: short stretches keep it quick.
    const campaigns = [campaign(1, 15), campaign(2, 10), campaign(3, 5, window('08:20', '08:30'))];
    const p = plan('2026-06-10', [
      { open: '08:00', close: '08:40', loop: 20, campaigns },
      { loop: 600, campaigns },
    ]);
    expectSame(p);
    // From the middle of the stretch: its loops are still counted from the opening.
    const from = zonedInstant('2026-06-10', 8 * 60 + 10, TZ) + 3_000;
    expect(playsBetween(p, 1, from, from + 1_200_000)).toEqual(slowPlays(p, 1, from, from + 1_200_000));
    // Overbooked on the second day only, in a stretch past midnight.
    const fits = [campaign(1, 15)];
    expectSame(
      plan('2026-06-10', [
        { open: '23:40', close: '00:20', loop: 20, campaigns: fits },
        { open: '23:40', close: '00:20', loop: 20, campaigns },
      ]),
    );
  });

  it('reads each day by its own hours and loop', () => {
    const campaigns = [campaign(1, 10), campaign(2, 15, window('07:00', '09:00'))];
    expectSame(
      plan('2026-06-10', [
        { open: '08:00', close: '20:00', loop: 300, campaigns },
        { open: '06:00', close: '22:00', loop: 450, campaigns: [campaigns[1]!] },
        { open: '21:00', close: '03:00', loop: 200, campaigns },
      ]),
    );
  });

  it('gives nothing outside the plan, nor for an empty one', () => {
    const p = plan('2026-06-10', [{ campaigns: [campaign(1, 10)] }]);
    expect(playsBetween(p, 1, midnight('2026-06-11'), midnight('2026-06-12'))).toEqual([]);
    expect(playsBetween(p, 1, midnight('2026-06-08'), midnight('2026-06-10'))).toEqual([]);
    expect(playsBetween({ time_zone: TZ, days: [] }, 1, 0, Date.now())).toEqual([]);
    expect(playsBetween(p, 2, midnight('2026-06-10'), midnight('2026-06-11'))).toEqual([]);
    // One play a minute from 08:00 to 20:00.
    expect(playsBetween(p, 1, midnight('2026-06-09'), midnight('2026-06-12'))).toHaveLength(720);
  });
});
