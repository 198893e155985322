// A least-recently-used store for values kept under keys that already say everything they are computed
// from (a location's inventory version and the question asked): bounded by the summed `size` of what it
// holds (1 each unless told), the least recently used go first.

export function lru<T>(limit: number, size: (value: T) => number = () => 1) {
  const values = new Map<string, T>();
  let held = 0;
  return {
    get(key: string): T | undefined {
      const found = values.get(key);
      if (found !== undefined) {
        values.delete(key);
        values.set(key, found);
      }
      return found;
    },
    set(key: string, value: T) {
      const old = values.get(key);
      if (old !== undefined) held -= size(old);
      values.delete(key);
      values.set(key, value);
      held += size(value);
      for (const [oldest, kept] of values) {
        if (held <= limit || oldest === key) break;
        values.delete(oldest);
        held -= size(kept);
      }
    },
  };
}
