// Rooms kept between searches by everything they are computed from. The arithmetic is pure, so a
// location whose hours, loop and campaigns did not change gives the same room to the same question
// (period, window, clip length): paging, ordering and the other filters of a search ask again for
// rooms already computed. A change of any of those makes another key; the least recently used rooms go
// first.
import crypto from 'node:crypto';
import { lru } from '../../lib/lru.ts';

/** Rooms kept at most (a whole network's four zones are 4 000 a question). */
export const ROOMS_KEPT = 40_000;

export function keptRooms<T>(limit: number = ROOMS_KEPT) {
  const kept = lru<{ room: T }>(limit);
  return {
    /** The room of `inputs` (anything JSON can write), computed when it is not kept. */
    room(inputs: unknown, compute: () => T): T {
      // A digest rather than the JSON itself: a location's campaigns run to kilobytes.
      const key = crypto.createHash('sha1').update(JSON.stringify(inputs)).digest('base64');
      const found = kept.get(key);
      if (found) return found.room;
      const made = compute();
      kept.set(key, { room: made });
      return made;
    },
  };
}

/** Locations' rooms kept at most (a whole network is 1 000 a question). */
export const LOCATIONS_KEPT = 10_000;
