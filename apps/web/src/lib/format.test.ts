import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime, formatHourMinute, formatTime, setDisplayTimeZone } from './format.ts';

describe('format', () => {
  afterEach(() => setDisplayTimeZone(undefined));

  it('shows times in the configured time zone', () => {
    setDisplayTimeZone('Europe/Warsaw');
    expect(formatDateTime('2026-11-22T23:30:00Z')).toBe('2026-11-23 00:30:00');
    expect(formatTime(new Date('2026-07-01T10:00:05Z'))).toBe('12:00:05');
    expect(formatHourMinute('2026-07-01T10:04:59Z')).toBe('12:04');
    expect(formatHourMinute(null)).toBe('');
    setDisplayTimeZone('UTC');
    expect(formatDateTime('2026-11-22T23:30:00Z')).toBe('2026-11-22 23:30:00');
  });

  it('keeps the browser zone for an unknown zone name and leaves bad values as they are', () => {
    setDisplayTimeZone('Not/AZone');
    expect(formatDateTime('2026-11-22T23:30:00Z')).toMatch(/^2026-11-2\d \d\d:30:00$/);
    expect(formatDateTime('garbage')).toBe('garbage');
    expect(formatDateTime(null)).toBe('');
  });
});
