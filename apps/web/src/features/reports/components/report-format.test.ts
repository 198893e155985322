import { describe, expect, it } from 'vitest';
import { formatPlayTime } from './report-format.ts';

describe('formatPlayTime', () => {
  it('always reads h:mm:ss, whatever the length', () => {
    expect(formatPlayTime(0)).toBe('0:00:00');
    expect(formatPlayTime(611)).toBe('0:10:11');
    expect(formatPlayTime(12911)).toBe('3:35:11');
    expect(formatPlayTime(59.6)).toBe('0:01:00');
    expect(formatPlayTime(360000)).toBe('100:00:00');
    expect(formatPlayTime(Number.NaN)).toBe('0:00:00');
  });
});
