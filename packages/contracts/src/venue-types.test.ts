import { describe, expect, it } from 'vitest';
import {
  selectableVenueTypeIds,
  UNKNOWN_VENUE_TYPE,
  venueTaxonomy,
  venueTypeById,
  venueTypeId,
  venueTypeLabel,
  venueTypes,
  venueTypeSelectData,
  type VenueCategory,
} from './venue-types.ts';

function walk(categories: VenueCategory[], visit: (category: VenueCategory, parent: VenueCategory | null) => void) {
  const go = (list: VenueCategory[], parent: VenueCategory | null) => {
    for (const category of list) {
      visit(category, parent);
      go(category.children ?? [], category);
    }
  };
  go(categories, null);
}

describe('venueTaxonomy', () => {
  it('has every category of v1.2 once, with unique ids', () => {
    const ids: number[] = [];
    walk(venueTaxonomy, (category) => ids.push(category.id));
    // 11 top-level categories; 210 categories in all in specification-1.2.json.
    expect(venueTaxonomy).toHaveLength(11);
    expect(ids).toHaveLength(210);
    expect(new Set(ids).size).toBe(ids.length);
    expect(venueTypes.map((venueType) => venueType.id)).toEqual(ids);
  });

  it("numbers every child as its parent's id followed by two digits", () => {
    walk(venueTaxonomy, (category, parent) => {
      if (!parent) {
        expect(category.id, category.name).toBeLessThan(100);
        return;
      }
      expect(Math.floor(category.id / 100), category.name).toBe(parent.id);
      expect(String(category.id).startsWith(String(parent.id)), category.name).toBe(true);
    });
  });

  it('is three levels deep at most, and string values start with their top level', () => {
    for (const venueType of venueTypes) {
      expect(venueType.level).toBeGreaterThanOrEqual(1);
      expect(venueType.level).toBeLessThanOrEqual(3);
      let top = venueTypeById(venueType.id);
      while (top?.parentId) top = venueTypeById(top.parentId);
      expect(top?.level).toBe(1);
      expect(venueType.path[0]).toBe(top?.name);
      expect(venueType.value.split('.')[0], String(venueType.id)).toBe(top?.value);
    }
  });
});

describe('venueTypeById', () => {
  it('resolves a third-level type with its parents', () => {
    expect(venueTypeById(10105)).toEqual({
      id: 10105,
      name: 'Gates',
      value: 'transit.airport.gates',
      deprecated: false,
      level: 3,
      parentId: 101,
      path: ['Transit', 'Airport', 'Gates'],
    });
    expect(venueTypeById(101)).toMatchObject({ name: 'Airport', value: 'transit.airports', level: 2, parentId: 1 });
    expect(venueTypeById(1)).toMatchObject({ name: 'Transit', value: 'transit', level: 1, parentId: null });
  });

  it('resolves the two-digit top levels and their children', () => {
    expect(venueTypeById(1001)).toMatchObject({ name: 'Bank', value: 'financial.bank', parentId: 10 });
    expect(venueTypeById(110102)).toMatchObject({
      value: 'residential.apartment_building.elevator',
      path: ['Residential', 'Apartment Building  and Condominium', 'Elevator'],
    });
    expect(venueTypeById(304)).toMatchObject({ name: 'Spectacular', value: 'outdoor.spectacular' });
  });

  it('keeps the deprecated entries, marked', () => {
    const deprecated = venueTypes.filter((venueType) => venueType.deprecated).map((venueType) => venueType.id);
    expect(deprecated).toEqual([104, 30101, 30102, 30103, 810]);
  });

  it('gives undefined and null for an id the taxonomy does not have', () => {
    expect(venueTypeById(10109)).toBeUndefined();
    expect(venueTypeById(0)).toBeUndefined();
    expect(venueTypeLabel(999)).toBeNull();
    expect(venueTypeLabel(10105)).toBe('Transit › Airport › Gates');
  });
});

describe('venueTypeId', () => {
  it('accepts a selectable id at any level, and null', () => {
    for (const id of [1, 101, 10105, 206, 110103]) expect(venueTypeId.parse(id)).toBe(id);
    expect(venueTypeId.parse(null)).toBeNull();
  });

  it('refuses unknown and deprecated ids and non-numbers with the message', () => {
    for (const input of [10109, 0, -1, 101.5, 810, 30101, '10105', undefined]) {
      const result = venueTypeId.safeParse(input);
      expect(result.success, String(input)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(UNKNOWN_VENUE_TYPE);
    }
  });
});

describe('venueTypeSelectData', () => {
  it('groups by top level and lists every selectable id once, labelled with its path', () => {
    const groups = venueTypeSelectData();
    expect(groups.map((group) => group.group)).toEqual(venueTaxonomy.map((top) => top.name));
    const values = groups.flatMap((group) => group.items.map((item) => Number(item.value)));
    expect([...values].sort((a, b) => a - b)).toEqual([...selectableVenueTypeIds].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);

    const transit = groups.find((group) => group.group === 'Transit');
    expect(transit?.items).toContainEqual({ value: '10105', label: 'Transit › Airport › Gates' });
    expect(transit?.items[0]).toEqual({ value: '1', label: 'Transit' });
    expect(transit?.items.map((item) => item.value)).not.toContain('104');

    const labels = groups.flatMap((group) => group.items.map((item) => item.label));
    expect(new Set(labels).size).toBe(labels.length);
    for (const group of groups) {
      for (const item of group.items) expect(item.label.startsWith(group.group)).toBe(true);
    }
  });
});
