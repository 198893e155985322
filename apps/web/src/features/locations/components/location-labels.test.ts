import { describe, expect, it } from 'vitest';
import { normaliseTime, openingHoursHint, shareOfVoiceHint } from './location-labels.ts';

describe('location labels', () => {
  it('says what share of the loop a 10 s clip gets', () => {
    expect(shareOfVoiceHint(10, 60)).toBe('A 10 s clip gets 1/6 of the loop (17 %).');
    expect(shareOfVoiceHint(10, 45)).toBe('A 10 s clip gets 2/9 of the loop (22 %).');
    expect(shareOfVoiceHint(10, 10)).toBe('A 10 s clip fills the whole loop.');
    expect(shareOfVoiceHint(10, 0)).toBeNull();
    expect(shareOfVoiceHint(10, 12.5)).toBeNull();
  });

  it('explains opening hours: a day span, past midnight, all day, and midnight written 00:00', () => {
    expect(openingHoursHint('06:00', '24:00')).toBe('Open 06:00–24:00, 18 h a day.');
    expect(openingHoursHint('09:30', '17:15')).toBe('Open 09:30–17:15, 7 h 45 min a day.');
    expect(openingHoursHint('18:00', '02:00')).toBe(
      'Open past midnight: 18:00 until 02:00 the next morning, 8 h a day.',
    );
    expect(openingHoursHint('06:00', '00:00')).toBe('Open 06:00–00:00, 18 h a day.');
    expect(openingHoursHint('08:00', '08:00')).toMatch(/^Open all day/);
    expect(openingHoursHint('00:00', '24:00')).toMatch(/^Open all day/);
    expect(openingHoursHint('8:0', '24:00')).toBeNull();
    expect(openingHoursHint('', '')).toBeNull();
  });

  it('pads a one-digit hour', () => {
    expect(normaliseTime(' 9:30 ')).toBe('09:30');
    expect(normaliseTime('19:30')).toBe('19:30');
  });
});
