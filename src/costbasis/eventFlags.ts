/**
 * The flag lists events carry, shared: most events have none or one of a few, and a list made per event was one of
 * the replay's allocations per leg. Frozen, so a list is replaced, never changed in place (`withFlag`).
 */
export const NO_FLAGS: readonly string[] = Object.freeze([]);
export const UNKNOWN_PRICE: readonly string[] = Object.freeze(['unknown_price']);
export const VALUED_BY_SENT_LEG: readonly string[] = Object.freeze(['valued_by_sent_leg']);
export const UNCLASSIFIED_IN: readonly string[] = Object.freeze(['unclassified_in']);
export const UNCLASSIFIED_OUT: readonly string[] = Object.freeze(['unclassified_out']);

/** `flags` with `flag` last, unless it is there already (the same list then). */
export function withFlag(flags: readonly string[], flag: string): readonly string[] {
  if (flags.includes(flag)) return flags;
  if (flags.length === 0 && flag === 'unknown_price') return UNKNOWN_PRICE;
  return [...flags, flag];
}
