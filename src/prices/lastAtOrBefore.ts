/** The last item of a list sorted by `keyOf` whose key is at or before `key` (binary search), or `undefined`. */
export function lastAtOrBefore<T, K extends number | string>(list: readonly T[], key: K, keyOf: (item: T) => K): T | undefined {
  return list[countAtOrBefore(list, key, keyOf) - 1];
}

/** How many items of a list sorted by `keyOf` have a key at or before `key` (binary search). */
export function countAtOrBefore<T, K extends number | string>(list: readonly T[], key: K, keyOf: (item: T) => K): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (keyOf(list[middle] as T) <= key) low = middle + 1;
    else high = middle;
  }
  return low;
}
