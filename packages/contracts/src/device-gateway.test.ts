import { describe, expect, it } from 'vitest';
import { MAX_EVENTS_PER_BATCH, MAX_VIEWERS_PER_EVENT, eventsBatch, plainEventsBatch } from './device-gateway.ts';

/** A small seeded generator, so a failure can be replayed. */
function seeded(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

const CHECKSUM = 'ab'.repeat(32);
/** A version 4 uuid per event, as players make them. */
const playId = (i: number) => `3f2b8c1e-0a4d-4e6f-9b2a-${String(i).padStart(12, '0')}`;
const event = (i: number) => ({
  play_id: playId(i),
  campaign: 100 + (i % 7),
  zone: 1 + (i % 3),
  started_at: new Date(Date.UTC(2026, 10, 27, 8, 0, 0, 0) + i * 10_000).toISOString(),
  duration_ms: 15_000,
  viewers: Array.from({ length: i % 4 }, (_, j) => ({ gender: j % 2 ? 'f' : 'm', age_group: 1 + j })),
  clip_checksum: CHECKSUM,
});
const batch = (events = 5) => ({
  batch_id: '7d444840-9dc0-11d1-b245-5ffdce74fad2',
  events: Array.from({ length: events }, (_, i) => event(i)),
});

type Plain = Record<string, unknown>;
/** Ways to spoil or vary one event: each either makes the batch invalid or makes zod change it. */
const eventChanges: [string, (e: Plain) => void][] = [
  ['campaign as text', (e) => (e.campaign = '101')],
  ['campaign 0', (e) => (e.campaign = 0)],
  ['campaign past int', (e) => (e.campaign = 2147483648)],
  ['campaign fraction', (e) => (e.campaign = 1.5)],
  ['campaign infinite', (e) => (e.campaign = Infinity)],
  ['campaign missing', (e) => delete e.campaign],
  ['zone 0', (e) => (e.zone = 0)],
  ['zone 1001', (e) => (e.zone = 1001)],
  ['zone null', (e) => (e.zone = null)],
  ['started_at 30 February', (e) => (e.started_at = '2026-02-30T10:00:00.000Z')],
  ['started_at 29 February of a common year', (e) => (e.started_at = '2026-02-29T10:00:00.000Z')],
  ['started_at 29 February of a leap year', (e) => (e.started_at = '2028-02-29T10:00:00.000Z')],
  ['started_at hour 24', (e) => (e.started_at = '2026-11-27T24:00:00.000Z')],
  ['started_at with an offset', (e) => (e.started_at = '2026-11-27T10:00:00.000+02:00')],
  ['started_at without seconds', (e) => (e.started_at = '2026-11-27T10:00Z')],
  ['started_at without a zone', (e) => (e.started_at = '2026-11-27T10:00:00.000')],
  ['started_at as a number', (e) => (e.started_at = 1764237600000)],
  ['started_at with a space', (e) => (e.started_at = '2026-11-27 10:00:00.000Z')],
  ['duration negative', (e) => (e.duration_ms = -1)],
  ['duration past a day', (e) => (e.duration_ms = 24 * 3_600_000 + 1)],
  ['duration a day', (e) => (e.duration_ms = 24 * 3_600_000)],
  ['duration 0', (e) => (e.duration_ms = 0)],
  ['viewers left out', (e) => delete e.viewers],
  ['viewers null', (e) => (e.viewers = null)],
  ['viewers an object', (e) => (e.viewers = { gender: 'f', age_group: 1 })],
  ['viewers empty', (e) => (e.viewers = [])],
  [
    'viewers too many',
    (e) => (e.viewers = Array.from({ length: MAX_VIEWERS_PER_EVENT + 1 }, () => ({ gender: 'f', age_group: 1 }))),
  ],
  [
    'viewers at most',
    (e) => (e.viewers = Array.from({ length: MAX_VIEWERS_PER_EVENT }, () => ({ gender: 'm', age_group: 3 }))),
  ],
  ['viewer gender x', (e) => (e.viewers = [{ gender: 'x', age_group: 1 }])],
  ['viewer gender upper case', (e) => (e.viewers = [{ gender: 'F', age_group: 1 }])],
  ['viewer age group 0', (e) => (e.viewers = [{ gender: 'f', age_group: 0 }])],
  ['viewer age group 1001', (e) => (e.viewers = [{ gender: 'f', age_group: 1001 }])],
  ['viewer age group 1000', (e) => (e.viewers = [{ gender: 'f', age_group: 1000 }])],
  ['viewer age group fraction', (e) => (e.viewers = [{ gender: 'f', age_group: 2.5 }])],
  ['viewer without age group', (e) => (e.viewers = [{ gender: 'f' }])],
  ['viewer with another key', (e) => (e.viewers = [{ gender: 'f', age_group: 1, mood: 'happy' }])],
  ['viewer null', (e) => (e.viewers = [null])],
  ['checksum left out', (e) => delete e.clip_checksum],
  ['checksum upper case', (e) => (e.clip_checksum = CHECKSUM.toUpperCase())],
  ['checksum short', (e) => (e.clip_checksum = CHECKSUM.slice(1))],
  ['checksum not hex', (e) => (e.clip_checksum = `${CHECKSUM.slice(1)}g`)],
  ['checksum null', (e) => (e.clip_checksum = null)],
  ['checksum a number', (e) => (e.clip_checksum = 12)],
  ['play id left out', (e) => delete e.play_id],
  ['play id not a uuid', (e) => (e.play_id = 'play-1')],
  ['play id upper case', (e) => (e.play_id = String(e.play_id).toUpperCase())],
  ['play id nil', (e) => (e.play_id = '00000000-0000-0000-0000-000000000000')],
  ['play id a number', (e) => (e.play_id = 12)],
  ['play id null', (e) => (e.play_id = null)],
  ['play id empty', (e) => (e.play_id = '')],
  ['another key', (e) => (e.temperature = 21)],
  ['a key undefined', (e) => (e.extra = undefined)],
];
const batchChanges: [string, (b: Plain) => unknown][] = [
  ['batch id not a uuid', (b) => (b.batch_id = 'batch-1')],
  ['batch id upper case', (b) => (b.batch_id = String(b.batch_id).toUpperCase())],
  ['batch id nil', (b) => (b.batch_id = '00000000-0000-0000-0000-000000000000')],
  ['batch id missing', (b) => delete b.batch_id],
  ['no events', (b) => (b.events = [])],
  ['events not a list', (b) => (b.events = { 0: event(0) })],
  ['too many events', (b) => (b.events = Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, (_, i) => event(i)))],
  ['the most events', (b) => (b.events = Array.from({ length: MAX_EVENTS_PER_BATCH }, (_, i) => event(i)))],
  ['an event null', (b) => ((b.events as unknown[])[0] = null)],
  ['an event a list', (b) => ((b.events as unknown[])[0] = [1, 2])],
  ['another key', (b) => (b.device = 'screen-1')],
];

/** What the fast path must hold to: when it answers, zod accepts the same input and gives the same. */
function agrees(input: unknown) {
  const expected = eventsBatch.safeParse(input);
  const fast = plainEventsBatch(input);
  if (fast !== undefined) {
    expect(expected.success).toBe(true);
    expect(fast).toStrictEqual(expected.data);
  }
  return { fast, zodAccepts: expected.success };
}

describe('plainEventsBatch', () => {
  it('answers a batch as players send it, as zod would', () => {
    const input = batch(50);
    const { fast } = agrees(input);
    expect(fast).toBe(input);
  });

  it.each(eventChanges)('an event with %s: refused or parsed as zod parses it', (_name, change) => {
    const input = batch(3);
    change(input.events[1] as Plain);
    const { fast, zodAccepts } = agrees(input);
    // Whatever zod refuses, the fast path leaves to zod.
    if (!zodAccepts) expect(fast).toBeUndefined();
  });

  it.each(batchChanges)('a batch with %s: refused or parsed as zod parses it', (_name, change) => {
    const input = batch(3);
    change(input as Plain);
    const { fast, zodAccepts } = agrees(input);
    if (!zodAccepts) expect(fast).toBeUndefined();
  });

  it('leaves what is not a batch to zod', () => {
    for (const input of [null, undefined, 'batch', 12, [], [batch(1)]]) {
      expect(plainEventsBatch(input)).toBeUndefined();
      expect(eventsBatch.safeParse(input).success).toBe(false);
    }
  });

  it('still answers the forms zod gives back unchanged', () => {
    // A leap day, an offset, no viewers, no checksum, the limits: all accepted by zod as they are.
    const input = batch(4);
    Object.assign(input.events[0]!, { started_at: '2028-02-29T23:59:59.999Z', duration_ms: 0 });
    Object.assign(input.events[1]!, { started_at: '2026-11-27T10:00:00+05:30', zone: 1000 });
    delete (input.events[2] as Plain).viewers;
    delete (input.events[3] as Plain).clip_checksum;
    delete (input.events[3] as Plain).play_id;
    expect(agrees(input).fast).toBe(input);
  });

  it('agrees with zod on batches spoiled at random', () => {
    const random = seeded(17);
    let answered = 0;
    let refused = 0;
    for (let round = 0; round < 400; round++) {
      const input = batch(random.int(1, 6));
      for (let n = random.int(0, 3); n > 0; n--) {
        if (random.next() < 0.15) batchChanges[random.int(0, batchChanges.length - 1)]![1](input as Plain);
        else {
          const target = input.events[random.int(0, input.events.length - 1)];
          if (target && typeof target === 'object') eventChanges[random.int(0, eventChanges.length - 1)]![1](target);
        }
      }
      const { fast, zodAccepts } = agrees(input);
      if (fast) answered++;
      if (!zodAccepts) {
        expect(fast).toBeUndefined();
        refused++;
      }
    }
    // Both kinds were tried.
    expect(answered).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(100);
  });
});
