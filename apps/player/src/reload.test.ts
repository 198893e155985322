import { describe, expect, it } from 'vitest';
import { DAILY_RELOAD_GAP_MS, ERROR_RELOAD_GAP_MS, shouldReload } from './reload.ts';

const now = Date.parse('2026-12-06T03:00:00Z');

describe('shouldReload', () => {
  it('reloads after an error at most once every ten minutes', () => {
    const error = { reason: 'error' as const, now, pageStarted: now - 1000, closed: false };
    expect(shouldReload({ ...error, lastReload: null })).toBe(true);
    expect(shouldReload({ ...error, lastReload: now - ERROR_RELOAD_GAP_MS + 1 })).toBe(false);
    expect(shouldReload({ ...error, lastReload: now - ERROR_RELOAD_GAP_MS })).toBe(true);
  });

  it('reloads once a day, only while the location is closed', () => {
    const daily = { reason: 'daily' as const, now, lastReload: null };
    expect(shouldReload({ ...daily, pageStarted: now - DAILY_RELOAD_GAP_MS, closed: true })).toBe(true);
    expect(shouldReload({ ...daily, pageStarted: now - DAILY_RELOAD_GAP_MS, closed: false })).toBe(false);
    expect(shouldReload({ ...daily, pageStarted: now - DAILY_RELOAD_GAP_MS + 1, closed: true })).toBe(false);
    // A reload for an error an hour ago counts as the day's.
    expect(
      shouldReload({ ...daily, lastReload: now - 3_600_000, pageStarted: now - 2 * DAILY_RELOAD_GAP_MS, closed: true }),
    ).toBe(false);
  });
});
