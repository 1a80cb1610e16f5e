/** The map under `key` in a map of maps, made and set there when absent: one lookup walks a nested index without key strings. */
export function childMap<K, V extends Map<unknown, unknown>>(map: Map<K, V>, key: K): V {
  let found = map.get(key);
  if (found === undefined) map.set(key, (found = new Map() as V));
  return found;
}
