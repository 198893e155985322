import { describe, expect, it } from 'vitest';
import { formatValue, type ValueNames } from './campaign-changes.tsx';

const names: ValueNames = {
  location: (id) => (id === 4 ? 'Central station' : `Location ${id}`),
  clip: (id) => (id === 3 ? 'Beach clip' : `Video clip ${id}`),
  gender: (value) => (value === 'f' ? 'Women' : value),
  ageGroup: (id) => (id === 1 ? '18–24' : `Age group ${id}`),
};

describe('formatValue', () => {
  it('names locations and clips, unknown ones by id', () => {
    expect(formatValue('locations', [9, 4], names)).toBe('Central station, Location 9');
    expect(formatValue('videoclip', 3, names)).toBe('Beach clip');
    expect(formatValue('videoclip', 8, names)).toBe('Video clip 8');
  });

  it('writes zones in order, switches as Yes/No, and labels gender and age groups', () => {
    expect(formatValue('p_zones', [3, 1], names)).toBe('1, 3');
    expect(formatValue('p_zones_overlay', [], names)).toBe('None');
    expect(formatValue('p_times_on', true, names)).toBe('Yes');
    expect(formatValue('p_age_on', false, names)).toBe('No');
    expect(formatValue('p_gender', 'f', names)).toBe('Women');
    expect(formatValue('p_age', [1, 2], names)).toBe('18–24, Age group 2');
    expect(formatValue('p_start_time', null, names)).toBe('None');
    expect(formatValue('start_date', '2026-07-01', names)).toBe('2026-07-01');
  });

  it('names what a goal counts and writes its number with thousands separators', () => {
    expect(formatValue('goal_type', 'impressions', names)).toBe('Impressions');
    expect(formatValue('goal_type', null, names)).toBe('None');
    expect(formatValue('goal_value', 1250000, names)).toBe('1,250,000');
  });
});
