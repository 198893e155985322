import { describe, expect, it } from 'vitest';
import {
  formatClockOffset,
  formatDiskFree,
  formatQueueTrend,
  formatScreenOn,
  formatScreenState,
  formatStorage,
  formatTemperature,
  formatUptime,
  isReporting,
  queueLevel,
  shortVersion,
} from './device-facts.ts';

describe('device facts', () => {
  it('takes the facts of an offline or never-reported device as the last known, of any other as current', () => {
    expect(isReporting('online')).toBe(true);
    expect(isReporting('stale')).toBe(true);
    expect(isReporting('screen_off')).toBe(true);
    expect(isReporting('offline')).toBe(false);
    expect(isReporting('never')).toBe(false);
  });

  it('shows uptime in its two largest units, as ages are shown', () => {
    expect(formatUptime(59)).toBe('under 1 min');
    expect(formatUptime(17 * 60 + 5)).toBe('17 min');
    expect(formatUptime(5 * 3600 + 12 * 60)).toBe('5 h 12 min');
    expect(formatUptime(3 * 86_400 + 4 * 3600 + 59)).toBe('3 d 4 h');
    expect(formatUptime(null)).toBe('');
    expect(formatUptime(-1)).toBe('');
  });

  it('shows free disk as a size, the temperature to a tenth and screen on or off', () => {
    expect(formatDiskFree(512)).toBe('512.0 MB');
    expect(formatDiskFree(12_595)).toBe('12.3 GB');
    expect(formatDiskFree(0)).toBe('0.0 B');
    expect(formatDiskFree(null)).toBe('');
    expect(formatTemperature(48)).toBe('48.0 °C');
    expect(formatTemperature(null)).toBe('');
    expect(formatScreenOn(true)).toBe('On');
    expect(formatScreenOn(false)).toBe('Off');
    expect(formatScreenOn(null)).toBe('');
  });

  it('shortens a content-hash version and keeps a short one whole', () => {
    expect(shortVersion('3f9a0c1b2d4e6f8a7b9c')).toBe('3f9a0c1b');
    expect(shortVersion('v12')).toBe('v12');
    expect(shortVersion(null)).toBe('');
  });
});

describe('what a player reports beyond its basic heartbeat facts', () => {
  it('names the screen state, off by schedule too, else on or off from screen_on', () => {
    expect(formatScreenState('off_by_schedule', false)).toBe('Off by schedule');
    expect(formatScreenState(null, true)).toBe('On');
    expect(formatScreenState(null, null)).toBe('');
  });

  it('writes storage used of the quota', () => {
    expect(formatStorage(512, 2048)).toMatch(/^512(\.0)? MB of 2(\.0)? GB$/);
    expect(formatStorage(512, null)).toMatch(/ used$/);
    expect(formatStorage(null, null)).toBe('');
  });

  it('writes the clock offset ahead or behind', () => {
    expect(formatClockOffset(20)).toBe('in step');
    expect(formatClockOffset(-850)).toBe('850 ms behind');
    expect(formatClockOffset(2500)).toBe('2.5 s ahead');
    expect(formatClockOffset(-5 * 60_000)).toBe('5 min behind');
    expect(formatClockOffset(null)).toBe('');
  });

  it('grades the queue: none, waiting, old past an hour', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(queueLevel({ queue_depth: 0, queue_since: null }, now)).toBe('none');
    expect(queueLevel({ queue_depth: null, queue_since: null }, now)).toBe('none');
    expect(queueLevel({ queue_depth: 3, queue_since: '2026-03-01T11:30:00Z' }, now)).toBe('waiting');
    expect(queueLevel({ queue_depth: 3, queue_since: '2026-03-01T10:59:00Z' }, now)).toBe('old');
  });

  it('writes a growing or draining queue with its change since the report before, nothing when steady', () => {
    expect(formatQueueTrend({ direction: 'growing', change: 40 })).toBe('growing (+40 since the last report)');
    expect(formatQueueTrend({ direction: 'draining', change: -1200 })).toBe('draining (−1,200 since the last report)');
    expect(formatQueueTrend({ direction: 'steady', change: 0 })).toBe('');
    expect(formatQueueTrend(null)).toBe('');
  });
});
