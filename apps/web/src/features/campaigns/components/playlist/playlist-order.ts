// Where a campaign plays in a location's loop: the server sorts by `ordering`, then by id, and a
// new campaign (no id yet) gets the highest id, so it follows others of equal ordering.

/** A position in the loop: a campaign's ordering and id (undefined for a campaign not saved yet). */
export type Slot = { ordering: number; id: number | undefined };

const idOf = (slot: Slot) => slot.id ?? Number.POSITIVE_INFINITY;

/** Compares as the server orders a location's campaigns. */
export const compareSlots = (a: Slot, b: Slot) => a.ordering - b.ordering || idOf(a) - idOf(b);

/** The slots in playing order (a new array). */
export const sortSlots = <T extends Slot>(slots: readonly T[]): T[] => [...slots].sort(compareSlots);

/**
 * The ordering that puts the campaign `self` at `index` among `others` (the loop without it, in
 * playing order): 0 first, else the ordering of the one before it, plus one when the id would put it
 * before that one. The result is where it will really play; it may still follow campaigns of equal
 * ordering, which only a change to theirs could avoid.
 */
export function orderingForIndex(others: readonly Slot[], index: number, self: Pick<Slot, 'id'>): number {
  if (index <= 0 || !others.length) return 0;
  const before = others[Math.min(index, others.length) - 1]!;
  return idOf({ ordering: 0, id: self.id }) > idOf(before) ? before.ordering : before.ordering + 1;
}

/** The ordering after the last of `others` (1 when there are none), as the server gives a new one. */
export const orderingAtEnd = (others: readonly Slot[]) =>
  others.length ? Math.max(...others.map((slot) => slot.ordering)) + 1 : 1;
