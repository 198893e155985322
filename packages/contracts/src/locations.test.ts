import { describe, expect, it } from 'vitest';
import { NAMED_CAMPAIGNS_MAX, campaignNames, isLocationBooked, locationTexts } from './locations.ts';
import { isClipBooked, videoclipTexts } from './videoclips.ts';

describe('campaignNames', () => {
  it(`names up to ${NAMED_CAMPAIGNS_MAX} campaigns and counts the others`, () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `C${i + 1}`);
    expect(campaignNames(names(2))).toBe('C1, C2');
    expect(campaignNames(names(NAMED_CAMPAIGNS_MAX))).toBe(names(NAMED_CAMPAIGNS_MAX).join(', '));
    expect(campaignNames(names(13))).toBe('C1, C2, C3, C4, C5, C6, C7, C8, C9, C10 and 3 more');
  });

  it('tells the refusals of disabling a booked location or clip apart', () => {
    expect(isLocationBooked(locationTexts.disableBooked(['A']))).toBe(true);
    expect(isLocationBooked(videoclipTexts.disableBooked(['A']))).toBe(false);
    expect(isClipBooked(videoclipTexts.disableBooked(['A']))).toBe(true);
    expect(isClipBooked(undefined)).toBe(false);
  });
});
