import { describe, expect, it } from 'vitest';
import { orderingAtEnd, orderingForIndex, sortSlots, type Slot } from './playlist-order.ts';

const others: Slot[] = [
  { ordering: 1, id: 4 },
  { ordering: 3, id: 2 },
  { ordering: 3, id: 9 },
  { ordering: 7, id: 1 },
];

/** Where `self` lands among `others` once given `ordering`. */
const positionOf = (ordering: number, id: number | undefined) =>
  sortSlots([...others, { ordering, id, self: true }]).findIndex((slot) => 'self' in slot);

describe('sortSlots', () => {
  it('orders by ordering, then id, with an unsaved campaign after others of equal ordering', () => {
    const sorted = sortSlots([{ ordering: 3, id: undefined }, ...others]);
    expect(sorted.map((slot) => slot.id)).toEqual([4, 2, 9, undefined, 1]);
  });
});

describe('orderingForIndex', () => {
  it('gives 0 at the start', () => {
    expect(orderingForIndex(others, 0, { id: 5 })).toBe(0);
    expect(orderingForIndex([], 3, { id: undefined })).toBe(0);
  });

  it("takes the previous one's ordering when the id already sorts after it", () => {
    expect(orderingForIndex(others, 1, { id: 5 })).toBe(1);
    expect(positionOf(1, 5)).toBe(1);
    expect(orderingForIndex(others, 4, { id: undefined })).toBe(7);
    expect(positionOf(7, undefined)).toBe(4);
  });

  it('adds one when the id would sort before the previous one', () => {
    expect(orderingForIndex(others, 1, { id: 3 })).toBe(2);
    expect(positionOf(2, 3)).toBe(1);
    expect(orderingForIndex(others, 4, { id: 0 })).toBe(8);
    expect(positionOf(8, 0)).toBe(4);
  });

  it('lands between campaigns of equal ordering when the id allows it', () => {
    expect(orderingForIndex(others, 2, { id: 5 })).toBe(3);
    expect(positionOf(3, 5)).toBe(2);
  });

  it('treats an index past the end as the end', () => {
    expect(orderingForIndex(others, 10, { id: 20 })).toBe(7);
  });
});

describe('orderingAtEnd', () => {
  it('follows the highest ordering, or is 1 for an empty loop', () => {
    expect(orderingAtEnd(others)).toBe(8);
    expect(orderingAtEnd([])).toBe(1);
  });
});
