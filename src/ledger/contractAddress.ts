/** The contracts met so far, by their text as records give it, each to its one lowercase string. */
const known = new Map<string, string>();

/**
 * A token contract's address in lowercase, one string object per contract. Each record's address is a string of
 * its own, and every map keyed by contract (the tie-out's, the sent tokens', the price tally's and cache reader's)
 * hashed it again and compared it with its key character by character; one string per contract is hashed once and
 * compared by identity. A long-lived process (the workspace) meets new tokens for ever, so the table is bounded.
 */
export function contractAddress(text: string): string {
  const found = known.get(text);
  if (found !== undefined) return found;
  if (known.size >= 65_536) known.clear();
  const lower = ownCopy(text.toLowerCase());
  const one = known.get(lower) ?? lower;
  known.set(one, one);
  if (text !== one) known.set(ownCopy(text), one);
  return one;
}

/** A string of its own: a field split from a stored record's line is a slice of it, and kept would keep the line alive. */
function ownCopy(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}
