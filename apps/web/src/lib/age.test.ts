import { describe, expect, it } from 'vitest';
import { formatAge } from './age.ts';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 8, 0) + minutes * 60_000).toISOString();

describe('formatAge', () => {
  it('gives the two largest units', () => {
    expect(formatAge(at(0), at(45))).toBe('45 min');
    expect(formatAge(at(0), at(60))).toBe('1 h');
    expect(formatAge(at(0), at(135))).toBe('2 h 15 min');
    expect(formatAge(at(0), at(24 * 60))).toBe('1 d');
    expect(formatAge(at(0), at(3 * 24 * 60 + 4 * 60 + 59))).toBe('3 d 4 h');
  });

  it('says under a minute for less (or a start a little ahead of this clock), and nothing for no date', () => {
    expect(formatAge(at(0), new Date(Date.parse(at(0)) + 59_000))).toBe('under 1 min');
    expect(formatAge(at(5), at(0))).toBe('under 1 min');
    expect(formatAge('not a date', at(0))).toBe('');
  });
});
