import { describe, expect, it } from 'vitest';
import { MAX_LEAD_MS, START_LEAD_MS, nextLead } from './lead.ts';

describe('nextLead', () => {
  it('moves three tenths of the way to what a start took', () => {
    expect(nextLead(START_LEAD_MS, 80)).toBe(80);
    expect(nextLead(100, 0)).toBe(70);
    expect(nextLead(0, 100)).toBe(30);
  });

  it('settles on a steady latency', () => {
    let lead = START_LEAD_MS;
    for (let i = 0; i < 30; i++) lead = nextLead(lead, 50);
    expect(lead).toBeGreaterThanOrEqual(50);
    expect(lead).toBeLessThanOrEqual(52);
  });

  it('takes an outlier as the cap and a negative measure as none', () => {
    expect(nextLead(0, 10_000)).toBe(Math.round(MAX_LEAD_MS * 0.3));
    expect(nextLead(100, -50)).toBe(70);
  });
});
