import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverToday } from './server-today.ts';

afterEach(() => vi.useRealTimers());

// The browser's own day at `now`, to compare with where the zone is missing or unknown.
const browserDay = (now: Date) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

describe('serverToday', () => {
  it('is the day in the server’s zone, whatever the browser’s', () => {
    // 29 November 23:30 UTC is already 30 November in Auckland and still the 29th in New York.
    const now = new Date('2026-11-29T23:30:00Z');
    expect(serverToday('Pacific/Auckland', now)).toBe('2026-11-30');
    expect(serverToday('UTC', now)).toBe('2026-11-29');
    expect(serverToday('America/New_York', now)).toBe('2026-11-29');
    // Padded month and day, across a year's end.
    expect(serverToday('Pacific/Kiritimati', new Date('2026-12-31T10:00:00Z'))).toBe('2027-01-01');
    expect(serverToday('Europe/Warsaw', new Date('2026-03-04T12:00:00Z'))).toBe('2026-03-04');
  });

  it('falls back to the browser’s day while the zone is missing or when it is unknown', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    expect(serverToday(undefined, now)).toBe(browserDay(now));
    expect(serverToday('Not/AZone', now)).toBe(browserDay(now));
  });

  it('is now by default', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T23:30:00Z'));
    expect(serverToday('Pacific/Auckland')).toBe('2026-11-30');
  });
});
