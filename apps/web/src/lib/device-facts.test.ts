import { describe, expect, it } from 'vitest';
import { formatDiskFree, formatScreenOn, formatTemperature, formatUptime, shortVersion } from './device-facts.ts';

describe('device facts', () => {
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
