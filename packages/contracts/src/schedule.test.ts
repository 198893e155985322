import { describe, expect, it } from 'vitest';
import { clipMs, slotAt, slotsBetween, type ScheduleCampaign, type SchedulePlan } from './schedule.ts';
import { campaign, TZ } from './schedule.test-plans.ts';
import { zonedInstant } from './time-zones.ts';

/** A plan of consecutive days from `first`, each with the same hours, loop and campaigns. */
function plan(
  first: string,
  days: number,
  campaigns: ScheduleCampaign[],
  { open = '08:00', close = '20:00', loop = 60 }: { open?: string; close?: string; loop?: number } = {},
): SchedulePlan {
  return {
    time_zone: TZ,
    days: Array.from({ length: days }, (_, i) => {
      const date = new Date(Date.parse(`${first}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
      return { date, open_time: open, close_time: close, loop_seconds: loop, campaigns };
    }),
  };
}

/** The instant of a local wall time `HH:mm:ss` on `day` in Berlin. */
const at = (day: string, time: string) => {
  const [h, m, s] = time.split(':').map(Number);
  return zonedInstant(day, h! * 60 + m!, TZ) + (s ?? 0) * 1000;
};

/** What a slot is, in short: the campaign's id, `slate`, `closed` or `unknown`. */
const what = (p: SchedulePlan, instant: number, zone = 1) => {
  const slot = slotAt(p, zone, instant);
  return slot.kind === 'play' ? slot.campaign.id : slot.kind;
};

describe('slotAt', () => {
  const day = '2026-06-10';
  const ab = plan(day, 2, [campaign(1, 10), campaign(2, 15)]);

  it('plays the campaigns in loop order from each loop of the wall clock, then the slate', () => {
    expect(slotAt(ab, 1, at(day, '08:00:05'))).toMatchObject({
      kind: 'play',
      campaign: { id: 1 },
      start: at(day, '08:00:00'),
      end: at(day, '08:00:10'),
      loop: at(day, '08:00:00'),
    });
    expect(slotAt(ab, 1, at(day, '08:00:10'))).toMatchObject({ kind: 'play', campaign: { id: 2 } });
    expect(slotAt(ab, 1, at(day, '08:00:30'))).toEqual({
      kind: 'slate',
      start: at(day, '08:00:25'),
      end: at(day, '08:01:00'),
      loop: at(day, '08:00:00'),
    });
    // Loop 437 of the day: 08:00 + 437 minutes.
    expect(slotAt(ab, 1, at(day, '15:17:12'))).toMatchObject({
      kind: 'play',
      campaign: { id: 2 },
      start: at(day, '15:17:10'),
    });
  });

  it('orders by ordering, then id, and plays in a zone only the campaigns of that zone', () => {
    const p = plan(day, 1, [
      campaign(5, 10, { ordering: 1 }),
      campaign(3, 10, { ordering: 2 }),
      campaign(4, 10, { ordering: 1, zones: [1, 2] }),
    ]);
    expect([0, 10, 20, 30].map((s) => what(p, at(day, '09:00:00') + s * 1000))).toEqual([4, 5, 3, 'slate']);
    expect([0, 10].map((s) => what(p, at(day, '09:00:00') + s * 1000, 2))).toEqual([4, 'slate']);
  });

  it('is black outside opening hours, until the next opening', () => {
    expect(slotAt(ab, 1, at(day, '07:59:59'))).toEqual({
      kind: 'closed',
      start: at(day, '00:00:00'),
      end: at(day, '08:00:00'),
    });
    expect(slotAt(ab, 1, at(day, '20:00:00'))).toEqual({
      kind: 'closed',
      start: at(day, '20:00:00'),
      end: at('2026-06-11', '08:00:00'),
    });
    expect(what(ab, at(day, '19:59:59'))).toBe('slate');
  });

  it('leaves a campaign out of loops outside its window; the next one moves up', () => {
    const p = plan(day, 1, [
      campaign(1, 10, { p_times_on: true, p_start_time: '10:00', p_end_time: '12:00' }),
      campaign(2, 15),
    ]);
    expect(what(p, at(day, '09:59:05'))).toBe(2);
    expect(what(p, at(day, '10:00:05'))).toBe(1);
    // The slot's start decides, as the gateway judges the play: 11:59 is in, 12:00 is not.
    expect(what(p, at(day, '11:59:05'))).toBe(1);
    expect(what(p, at(day, '12:00:05'))).toBe(2);
  });

  it("judges a window by the slot's own start, not its loop's", () => {
    // 70-second loops from 08:00: loop 204 starts at 11:58:00, loop 205 at 11:59:10 and its second
    // slot at 12:00:05.
    const p = plan(
      day,
      1,
      [
        campaign(2, 55, { ordering: 1 }),
        campaign(1, 10, { ordering: 2, p_times_on: true, p_start_time: '10:00', p_end_time: '12:00' }),
      ],
      { loop: 70 },
    );
    expect(slotAt(p, 1, at(day, '11:58:58'))).toMatchObject({
      kind: 'play',
      campaign: { id: 1 },
      start: at(day, '11:58:55'),
    });
    expect(slotAt(p, 1, at(day, '12:00:07'))).toMatchObject({ kind: 'slate', start: at(day, '12:00:05') });
  });

  it('starts the loops of a location open all day at each local midnight', () => {
    const p = plan(day, 2, [campaign(1, 10)], { open: '00:00', close: '24:00', loop: 70 });
    // 86 400 s is no whole number of 70-second loops: the last one of the day is cut at midnight.
    expect(slotAt(p, 1, at('2026-06-11', '00:00:05'))).toMatchObject({
      kind: 'play',
      loop: at('2026-06-11', '00:00:00'),
    });
    expect(slotAt(p, 1, at(day, '23:59:55'))).toMatchObject({ kind: 'slate', end: at('2026-06-11', '00:00:00') });
  });

  it('plays no clip that would run past the closing', () => {
    // 12 hours of 70-second loops: the last starts at 19:59:50.
    const p = plan(day, 1, [campaign(1, 15), campaign(2, 10)], { loop: 70 });
    expect(slotAt(p, 1, at(day, '19:59:50'))).toMatchObject({
      kind: 'play',
      campaign: { id: 2 },
      end: at(day, '20:00:00'),
    });
    const q = plan(day, 1, [campaign(1, 15)], { loop: 70 });
    expect(slotAt(q, 1, at(day, '19:59:55'))).toEqual({
      kind: 'slate',
      start: at(day, '19:59:50'),
      end: at(day, '20:00:00'),
      loop: at(day, '19:59:50'),
    });
  });

  it('runs an overbooked loop long: every clip plays, and the next loop starts when it ends', () => {
    const p = plan(day, 1, [campaign(1, 15), campaign(2, 10)], { loop: 20 });
    const open = at(day, '08:00:00');
    expect(slotAt(p, 1, open + 30_000)).toMatchObject({
      kind: 'play',
      campaign: { id: 1 },
      start: open + 25_000,
      loop: open + 25_000,
    });
    expect(slotAt(p, 1, open + 45_000)).toMatchObject({ kind: 'play', campaign: { id: 2 }, start: open + 40_000 });
    // An hour later: 144 loops of 25 s.
    expect(slotAt(p, 1, open + 3_600_000)).toMatchObject({
      kind: 'play',
      campaign: { id: 1 },
      start: open + 3_600_000,
    });
  });

  it('follows an opening past midnight from the evening before, with the campaigns of each date', () => {
    const late = plan('2026-06-10', 2, [campaign(1, 10, { end_date: '2026-06-10' }), campaign(2, 10)], {
      open: '18:00',
      close: '02:00',
    });
    // 01:00 is loop 420 of the stretch that opened at 18:00.
    expect(slotAt(late, 1, at('2026-06-11', '01:00:05'))).toMatchObject({
      kind: 'play',
      campaign: { id: 2 },
      loop: at('2026-06-11', '01:00:00'),
    });
    // Campaign 1 ended on the 10th: it plays at 23:59 but not past midnight.
    expect(what(late, at('2026-06-10', '23:59:05'))).toBe(1);
    expect(what(late, at('2026-06-11', '00:00:05'))).toBe(2);
    // The first day's early hours belong to the evening before the plan: still open, on its grid.
    expect(slotAt(late, 1, at('2026-06-10', '01:30:02'))).toMatchObject({ kind: 'play', campaign: { id: 1 } });
    expect(slotAt(late, 1, at('2026-06-10', '02:00:00'))).toMatchObject({
      kind: 'closed',
      end: at('2026-06-10', '18:00:00'),
    });
  });

  it('keeps to the wall clock on the days the clocks change', () => {
    const window = { p_times_on: true, p_start_time: '02:00', p_end_time: '03:00' };
    const spring = plan('2026-03-29', 1, [campaign(1, 10, window), campaign(2, 10)], { open: '00:00', close: '24:00' });
    // 03:00 CEST is two hours after midnight: loop 120 starts on it.
    expect(slotAt(spring, 1, at('2026-03-29', '03:00:05'))).toMatchObject({
      kind: 'play',
      campaign: { id: 2 },
      loop: at('2026-03-29', '03:00:00'),
    });
    expect(slotAt(spring, 1, at('2026-03-29', '23:59:55'))).toMatchObject({
      kind: 'slate',
      end: at('2026-03-30', '00:00:00'),
    });
    const autumn = plan('2026-10-25', 1, [campaign(1, 10, window), campaign(2, 10)], { open: '00:00', close: '24:00' });
    // 02:30 happens twice (00:30 and 01:30 UTC): the window plays in both.
    expect(what(autumn, Date.parse('2026-10-25T00:30:05Z'))).toBe(1);
    expect(what(autumn, Date.parse('2026-10-25T01:30:05Z'))).toBe(1);
    expect(what(autumn, Date.parse('2026-10-25T02:30:05Z'))).toBe(2);
  });

  it('knows nothing past the plan: the slate, never a campaign', () => {
    expect(slotAt(ab, 1, at('2026-06-12', '09:00:00'))).toEqual({
      kind: 'unknown',
      start: at('2026-06-12', '00:00:00'),
      end: Infinity,
    });
    expect(what(ab, at('2026-06-09', '09:00:00'))).toBe('unknown');
    expect(what({ time_zone: TZ, days: [] }, Date.now())).toBe('unknown');
  });

  it('gives every screen of a zone the same slot at the same moment', () => {
    const instant = at(day, '13:37:42');
    expect(slotAt(ab, 1, instant)).toEqual(slotAt(structuredClone(ab), 1, instant));
  });
});

describe('slotsBetween', () => {
  it('lists consecutive slots across the closing and the next opening', () => {
    const day = '2026-06-10';
    const p = plan(day, 2, [campaign(1, 30)]);
    const slots = slotsBetween(p, 1, at(day, '19:59:00'), at('2026-06-11', '08:00:45'));
    expect(slots.map((s) => [s.kind, s.start, s.end])).toEqual([
      ['play', at(day, '19:59:00'), at(day, '19:59:30')],
      ['slate', at(day, '19:59:30'), at(day, '20:00:00')],
      ['closed', at(day, '20:00:00'), at('2026-06-11', '08:00:00')],
      ['play', at('2026-06-11', '08:00:00'), at('2026-06-11', '08:00:30')],
      ['slate', at('2026-06-11', '08:00:30'), at('2026-06-11', '08:01:00')],
    ]);
  });
});

describe('clipMs', () => {
  it('rounds a clip of seconds with decimals to whole ms', () => {
    expect(clipMs({ clip: { duration: 15.0404 } })).toBe(15_040);
  });
});
