// Venue types of locations: lookups, the selectable ids, the schema and the grouped select data over
// the OpenOOH venue taxonomy (the data and its source are in venue-taxonomy.ts).
import { z } from 'zod';
import { venueTaxonomy, type VenueCategory } from './venue-taxonomy.ts';

export { VENUE_TAXONOMY_VERSION, venueTaxonomy, type VenueCategory } from './venue-taxonomy.ts';

/** One category of the taxonomy with where it sits in it. */
export type VenueType = {
  id: number;
  name: string;
  value: string;
  deprecated: boolean;
  /** 1 = top level (Transit), 2 = Airport, 3 = Gates. */
  level: number;
  parentId: number | null;
  /** Names from the top level down to this one, e.g. Transit › Airport › Gates. */
  path: string[];
};

const PATH_SEPARATOR = ' › ';

function flatten(categories: VenueCategory[], parent: VenueType | null): VenueType[] {
  return categories.flatMap((category) => {
    const entry: VenueType = {
      id: category.id,
      name: category.name,
      value: category.value,
      deprecated: category.deprecated === true,
      level: parent ? parent.level + 1 : 1,
      parentId: parent ? parent.id : null,
      path: parent ? [...parent.path, category.name] : [category.name],
    };
    return [entry, ...flatten(category.children ?? [], entry)];
  });
}

/** Every category at every level, in the taxonomy's order (a parent before its children). */
export const venueTypes: readonly VenueType[] = flatten(venueTaxonomy, null);

const byId = new Map(venueTypes.map((venueType) => [venueType.id, venueType]));

export function venueTypeById(id: number): VenueType | undefined {
  return byId.get(id);
}

/** "Transit › Airport › Gates"; null for an id the taxonomy does not have. */
export function venueTypeLabel(id: number): string | null {
  return byId.get(id)?.path.join(PATH_SEPARATOR) ?? null;
}

/**
 * The ids a location may carry: every level, because OpenRTB's DOOH `venuetype` takes the string
 * value of any level and an operator often knows only "Airport" or "Retail", not the area inside
 * it (and many second-level types have no children at all). Deprecated entries are left out: no
 * location has a venue type yet, so none can hold one, and new data should not start using them.
 */
export const selectableVenueTypeIds: readonly number[] = venueTypes
  .filter((venueType) => !venueType.deprecated)
  .map((venueType) => venueType.id);

export const UNKNOWN_VENUE_TYPE = 'Choose a venue type from the list.';

/** A location's venue type: a selectable taxonomy id, or null for none. */
export const venueTypeId = z.literal(selectableVenueTypeIds, { error: UNKNOWN_VENUE_TYPE }).nullable();

export type VenueTypeSelectGroup = { group: string; items: { value: string; label: string }[] };

/**
 * Data for Mantine's grouped Select: one group per top-level category, holding that category and
 * everything under it, labelled with the full path so "Restroom" or "Lobby" is never ambiguous.
 * Values are the ids as strings (what Select works with).
 */
export function venueTypeSelectData(): VenueTypeSelectGroup[] {
  const selectable = new Set(selectableVenueTypeIds);
  return venueTaxonomy.map((top) => ({
    group: top.name,
    items: flatten([top], null)
      .filter((venueType) => selectable.has(venueType.id))
      .map((venueType) => ({ value: String(venueType.id), label: venueType.path.join(PATH_SEPARATOR) })),
  }));
}
