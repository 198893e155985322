// Room exact in time at the boundaries: campaigns that never air at the same minute, midnight,
// windows and opening hours past midnight (the night belongs to the day it starts), days on which the
// clocks skip or repeat an hour (Europe/Prague, Europe/Berlin), and runs of identical days.
import { describe, expect, it } from 'vitest';
import { CampaignState } from './campaigns.ts';
import {
  addDays,
  conflicts,
  dayNumber,
  daySpans,
  daysOfRuns,
  inventory,
  loopClock,
  occupancyKind,
  openingSpan,
  slotRuns,
  windowSpan,
  type InventoryCampaign,
  type InventoryLocation,
} from './inventory.ts';

const win = (start: string, end: string) => ({ p_times_on: true, p_start_time: start, p_end_time: end });
const allDay = { p_times_on: false, p_start_time: null, p_end_time: null };

const place = (open_time: string, close_time: string, loop_seconds = 30): InventoryLocation => ({
  id: 1,
  name: 'Hall',
  loop_seconds,
  open_time,
  close_time,
});
let nextId = 100;
const campaign = (over: Partial<InventoryCampaign> = {}): InventoryCampaign => ({
  id: nextId++,
  state: CampaignState.Approved,
  duration: 10,
  p_zones: [1],
  start_date: '2026-12-01',
  end_date: '2026-12-01',
  ...allDay,
  ...over,
});
const candidate = (over: Partial<InventoryCampaign> = {}) => {
  const { state: _state, ...rest } = campaign(over);
  return rest;
};
/** A zone's days as [day, [start–end, booked, held] per stretch] in local times. */
const stretchesOf = (result: ReturnType<typeof inventory>, zone = 1) =>
  result
    .find((z) => z.zone === zone)!
    .days.map((d) => [d.day, d.hours.map((h) => `${h.next_day ? '+' : ''}${h.hour}:${h.booked_s}/${h.held_s}`)]);

describe('room is exact in time, not per whole hour', () => {
  const location = place('06:00', '24:00', 30);
  const morning = campaign({ duration: 25, ...win('10:30', '11:15') });

  it('lets a campaign at 11:30–12:15 in beside one at 10:30–11:15 that shares their hour 11', () => {
    const report = conflicts({
      campaign: candidate({ ...win('11:30', '12:15') }),
      locations: [{ location, campaigns: [morning] }],
      timeZone: 'UTC',
    });
    expect(report.count).toBe(0);
    // Their hour 11 as an hourly view: its tightest interval is 11:00–11:15, 5 s free.
    const hours = inventory({
      location,
      campaigns: [morning],
      from: '2026-12-01',
      to: '2026-12-01',
      zones: [1],
      timeZone: 'UTC',
    })[0]!.days[0]!.hours;
    expect(hours.find((h) => h.hour === 11)).toMatchObject({ free_s: 5, tightest: { start: '11:00', end: '11:15' } });
  });

  it('still refuses one whose window overlaps for a single minute', () => {
    const report = conflicts({
      campaign: candidate({ ...win('11:14', '12:15') }),
      locations: [{ location, campaigns: [morning] }],
      timeZone: 'UTC',
    });
    expect(report.tightest).toMatchObject({ start: '11:14', end: '11:15', room_s: 5, need_s: 10 });
  });
});

describe('midnight and the night after', () => {
  it('gives the night after midnight to the day the opening starts', () => {
    const location = place('18:00', '02:00', 20);
    const result = inventory({
      location,
      campaigns: [campaign({ duration: 20 })],
      from: '2026-12-01',
      to: '2026-12-02',
      zones: [1],
      timeZone: 'UTC',
    });
    expect(stretchesOf(result)).toEqual([
      ['2026-12-01', ['18:20/0', '19:20/0', '20:20/0', '21:20/0', '22:20/0', '23:20/0', '+0:20/0', '+1:20/0']],
      ['2026-12-02', ['18:0/0', '19:0/0', '20:0/0', '21:0/0', '22:0/0', '23:0/0', '+0:0/0', '+1:0/0']],
    ]);
    expect(result[0]!.days[0]).toMatchObject({ open_s: 8 * 3600, tightest: { start: '18:00', end: '02:00' } });
  });

  it('plays a window 23:00–01:00 into the next morning of its last day, not the morning of its first', () => {
    const location = place('00:00', '24:00', 30);
    const result = inventory({
      location,
      campaigns: [campaign({ ...win('23:00', '01:00'), start_date: '2026-12-01', end_date: '2026-12-01' })],
      from: '2026-12-01',
      to: '2026-12-02',
      zones: [1],
      timeZone: 'UTC',
    });
    const [first, second] = result[0]!.days;
    expect(first!.hours.filter((h) => h.booked_s > 0).map((h) => h.hour)).toEqual([23]);
    expect(second!.hours.filter((h) => h.booked_s > 0).map((h) => h.hour)).toEqual([0]);
    // As a campaign's day, the window is one interval across midnight.
    const asCampaign = inventory({
      location,
      campaigns: [],
      from: '2026-12-01',
      to: '2026-12-01',
      zones: [1],
      timeZone: 'UTC',
      window: win('23:00', '01:00'),
    })[0]!.days[0]!;
    expect(asCampaign).toMatchObject({ tightest: { start: '23:00', end: '01:00' }, open_s: 7200 });
    expect(asCampaign.hours.map((h) => [h.hour, h.next_day])).toEqual([
      [23, false],
      [0, true],
    ]);
  });

  it('keeps a window past midnight within opening hours that end at midnight', () => {
    expect(daySpans([1380, 1500], [360, 1440])).toEqual([[1380, 1440]]);
  });

  it("plays a window after midnight in the night of the day before's opening", () => {
    // A bar open 18:00–02:00: a window 01:00–03:00 on 2 Dec plays 01:00–02:00, the night of 1 Dec.
    expect(daySpans([60, 180], [1080, 1560])).toEqual([[60, 120]]);
    const location = place('18:00', '02:00', 20);
    const late = campaign({ ...win('01:00', '03:00'), start_date: '2026-12-02', end_date: '2026-12-02' });
    const result = inventory({
      location,
      campaigns: [late],
      from: '2026-12-01',
      to: '2026-12-02',
      zones: [1],
      timeZone: 'UTC',
    });
    expect(result[0]!.days.map((d) => [d.day, d.booked_s, d.tightest])).toEqual([
      ['2026-12-01', 10, { start: '01:00', end: '02:00' }],
      ['2026-12-02', 0, { start: '18:00', end: '02:00' }],
    ]);
  });

  it('checks an approval across midnight against the campaigns of both days', () => {
    const location = place('00:00', '24:00', 30);
    const early = campaign({
      duration: 25,
      ...win('00:00', '00:30'),
      start_date: '2026-12-02',
      end_date: '2026-12-02',
    });
    const report = conflicts({
      campaign: candidate({ ...win('23:00', '01:00'), start_date: '2026-12-01', end_date: '2026-12-02' }),
      locations: [{ location, campaigns: [early] }],
      timeZone: 'UTC',
      limit: 10,
    });
    // Only the night of 1 Dec reaches into 2 Dec's 00:00–00:30.
    expect(report.ranges.map((r) => [r.from_day, r.to_day, r.start, r.end, r.next_day, r.room_s])).toEqual([
      ['2026-12-01', '2026-12-01', '00:00', '00:30', true, 5],
    ]);
  });
});

describe('days on which the clocks change', () => {
  const location = place('00:00', '24:00', 60);
  const day = (timeZone: string, on: string, window?: ReturnType<typeof win>) =>
    inventory({ location, campaigns: [], from: on, to: on, zones: [1], timeZone, window })[0]!.days[0]!;

  it('leaves out the hour the spring change skips (Europe/Prague, 29 Mar 2026)', () => {
    const spring = day('Europe/Prague', '2026-03-29');
    expect(spring.open_s).toBe(23 * 3600);
    expect(spring.hours.map((h) => h.hour)).not.toContain(2);
    expect(spring.hours).toHaveLength(23);
    expect(spring.free_loop_s).toBe(23 * 3600);
    // A window in the skipped hour has no slot that day; one across it only the part that exists.
    expect(day('Europe/Prague', '2026-03-29', win('02:00', '03:00'))).toMatchObject({ capacity_s: 0, open_s: 0 });
    expect(day('Europe/Prague', '2026-03-29', win('02:30', '03:30'))).toMatchObject({ open_s: 1800 });
    expect(day('Europe/Prague', '2026-03-28').open_s).toBe(24 * 3600);
  });

  it('counts the hour the autumn change repeats twice (Europe/Berlin, 25 Oct 2026)', () => {
    const autumn = day('Europe/Berlin', '2026-10-25');
    expect(autumn.open_s).toBe(25 * 3600);
    expect(autumn.hours.find((h) => h.hour === 2)).toMatchObject({ open_s: 7200, free_loop_s: 7200 });
    expect(day('Europe/Berlin', '2026-10-25', win('02:30', '03:00')).open_s).toBe(3600);
  });

  it('measures a night past midnight by the clocks of the morning after', () => {
    const bar = place('22:00', '04:00', 60);
    const night = inventory({
      location: bar,
      campaigns: [],
      from: '2026-10-24',
      to: '2026-10-24',
      zones: [1],
      timeZone: 'Europe/Berlin',
    });
    expect(night[0]!.days[0]!.open_s).toBe(7 * 3600);
  });

  it('finds no conflict in the skipped hour, and the same ones on the days around it', () => {
    const full = campaign({ duration: 60, ...win('02:00', '03:00'), start_date: '2026-03-28', end_date: '2026-03-30' });
    const report = conflicts({
      campaign: candidate({ ...win('02:00', '03:00'), start_date: '2026-03-28', end_date: '2026-03-30' }),
      locations: [{ location, campaigns: [full] }],
      timeZone: 'Europe/Prague',
      limit: 10,
    });
    expect(report.ranges.map((r) => [r.from_day, r.to_day])).toEqual([
      ['2026-03-28', '2026-03-28'],
      ['2026-03-30', '2026-03-30'],
    ]);
    expect(report.count).toBe(2);
  });
});

describe('slotRuns', () => {
  it('computes a long run once per change of the campaigns in play, and splits out days with a clock change', () => {
    const location = place('06:00', '24:00', 30);
    const campaigns = [
      campaign({ start_date: '2026-01-01', end_date: '2028-12-31' }),
      campaign({ start_date: '2027-06-01', end_date: '2027-06-30', state: CampaignState.New }),
    ];
    const utc = slotRuns({ location, campaigns, from: '2026-01-01', to: '2028-12-31', zones: [1], timeZone: 'UTC' });
    expect(utc[0]!.runs.map((r) => [r.from, r.to, r.stretches[0]!.held_s])).toEqual([
      ['2026-01-01', '2027-05-31', 0],
      ['2027-06-01', '2027-06-30', 10],
      ['2027-07-01', '2028-12-31', 0],
    ]);
    const prague = slotRuns({
      location,
      campaigns,
      from: '2026-01-01',
      to: '2026-12-31',
      zones: [1],
      timeZone: 'Europe/Prague',
    });
    // 06:00–24:00 does not reach the changes at 02:00/03:00: the days stay one run.
    expect(prague[0]!.runs).toHaveLength(1);
    const allDay = slotRuns({
      location: place('00:00', '24:00', 30),
      campaigns,
      from: '2026-01-01',
      to: '2026-12-31',
      zones: [1],
      timeZone: 'Europe/Prague',
    });
    expect(allDay[0]!.runs.map((r) => [r.from, r.to, r.stretches.reduce((s, x) => s + x.seconds, 0) / 3600])).toEqual([
      ['2026-01-01', '2026-03-28', 24],
      ['2026-03-29', '2026-03-29', 23],
      ['2026-03-30', '2026-10-24', 24],
      ['2026-10-25', '2026-10-25', 25],
      ['2026-10-26', '2026-12-31', 24],
    ]);
  });
});

/**
 * The stretches of one day computed the plain way: every occupant's spans on the days before, of and
 * after it, shifted onto the day's minutes, swept together and cut to the slots. slotRuns keeps the
 * change points up to date from day to day instead; both must give the same stretches.
 */
function plainDay({
  location,
  campaigns,
  zone,
  n,
  window,
  extraHeld,
  timeZone,
}: {
  location: InventoryLocation;
  campaigns: InventoryCampaign[];
  zone: number;
  n: number;
  window: ReturnType<typeof windowSpan>;
  extraHeld: number;
  timeZone: string;
}) {
  const opening = openingSpan(location);
  const slots = daySpans(window, opening);
  const marks: [number, number, number][] = [];
  for (const c of campaigns) {
    const kind = occupancyKind(c.state);
    if (!kind || !c.p_zones.includes(zone)) continue;
    for (const shift of [-1, 0, 1]) {
      const played = n + shift;
      if (played < dayNumber(c.start_date) || played > dayNumber(c.end_date)) continue;
      for (const [a, b] of daySpans(windowSpan(c), opening)) {
        const booked = kind === 'booked' ? c.duration : 0;
        const held = kind === 'held' ? c.duration : 0;
        marks.push([a + shift * 1440, booked, held], [b + shift * 1440, -booked, -held]);
      }
    }
  }
  const clock = loopClock(timeZone);
  const stretches: { start: number; end: number; seconds: number; booked_s: number; held_s: number }[] = [];
  for (const [s, e] of slots) {
    const cuts = [...new Set([s, e, ...marks.map(([at]) => at).filter((at) => at > s && at < e)])].sort(
      (a, b) => a - b,
    );
    for (let i = 0; i < cuts.length - 1; i++) {
      const [a, b] = [cuts[i]!, cuts[i + 1]!];
      const booked = marks.filter(([at]) => at <= a).reduce((sum, m) => sum + m[1], 0);
      const held = marks.filter(([at]) => at <= a).reduce((sum, m) => sum + m[2], 0) + extraHeld;
      const seconds = clock.secondsOf(n, a, b);
      if (seconds <= 0) continue;
      const last = stretches.at(-1);
      if (last && last.end === a && last.booked_s === booked && last.held_s === held) {
        last.end = b;
        last.seconds += seconds;
      } else stretches.push({ start: a, end: b, seconds, booked_s: booked, held_s: held });
    }
  }
  return stretches;
}

describe('slotRuns against each day computed plainly', () => {
  /** A small deterministic generator (the same cases every run). */
  const random = (seed: number) => () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const times = ['00:00', '02:30', '06:00', '10:00', '13:15', '18:00', '22:00', '23:30'];

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('gives every day the same stretches (case %i)', (seed) => {
    const next = random(seed);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const from = '2026-03-20';
    const days = 20; // across Europe/Berlin's spring change on 29 March
    const [open, close] = pick([
      ['06:00', '24:00'],
      ['00:00', '24:00'],
      ['18:00', '03:00'],
      ['10:00', '22:00'],
    ] as const);
    const location = place(open, close, 60);
    const campaigns = Array.from({ length: 12 }, () => {
      const start = addDays(from, Math.floor(next() * days) - 3);
      const windowed = next() < 0.5;
      return campaign({
        state: pick([CampaignState.New, CampaignState.Approved, CampaignState.Viewed, CampaignState.Rejected]),
        duration: pick([5, 10, 15]),
        p_zones: pick([[1], [2], [1, 2]]),
        start_date: start,
        end_date: addDays(start, Math.floor(next() * 8)),
        ...(windowed ? win(pick(times), pick(times)) : allDay),
      });
    });
    const asked = next() < 0.5 ? { window: win(pick(times), pick(times)) } : {};
    const extraHeld = pick([0, 10]);
    for (const timeZone of ['UTC', 'Europe/Berlin']) {
      const zones = slotRuns({
        location,
        campaigns,
        from,
        to: addDays(from, days - 1),
        zones: [1, 2],
        timeZone,
        extraHeld,
        ...asked,
      });
      for (const { zone, runs } of zones) {
        for (const { n, day, stretches } of daysOfRuns(runs)) {
          const expected = plainDay({
            location,
            campaigns,
            zone,
            n,
            window: asked.window ? windowSpan(asked.window) : null,
            extraHeld,
            timeZone,
          });
          expect(stretches, `${timeZone}, zone ${zone}, ${day}`).toEqual(expected);
        }
      }
    }
  });
});
