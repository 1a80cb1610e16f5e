import type { LedgerEntry } from './LedgerEntry.js';

type Ordered = Pick<LedgerEntry, 'timestamp' | 'chainId' | 'blockNumber' | 'transactionIndex' | 'txHash' | 'order'>;

/**
 * The ledger order: timestamp, chain, block, transaction index, then the hash (internal-only transactions
 * share index -1) and the order inside the transaction.
 */
export function compareEntries(a: Ordered, b: Ordered): number {
  return (
    a.timestamp - b.timestamp ||
    a.chainId - b.chainId ||
    a.blockNumber - b.blockNumber ||
    a.transactionIndex - b.transactionIndex ||
    (a.txHash < b.txHash ? -1 : a.txHash > b.txHash ? 1 : 0) ||
    a.order - b.order
  );
}

/**
 * Merges already ascending streams (one per chain) into one ascending stream, pulling lazily: at most one
 * item per stream is held. Ties go to the earlier stream, so the merge is stable.
 */
export function mergeSorted(sources: Iterable<Iterable<LedgerEntry>>): Generator<LedgerEntry>;
export function mergeSorted<T>(sources: Iterable<Iterable<T>>, compare: (a: T, b: T) => number): Generator<T>;
export function* mergeSorted<T>(
  sources: Iterable<Iterable<T>>,
  compare: (a: T, b: T) => number = compareEntries as unknown as (a: T, b: T) => number,
): Generator<T> {
  const heads: { value: T; iterator: Iterator<T>; source: number }[] = [];
  let source = 0;
  for (const iterable of sources) {
    const iterator = iterable[Symbol.iterator]();
    const next = iterator.next();
    if (next.done !== true) heads.push({ value: next.value, iterator, source });
    source += 1;
  }
  const before = (a: (typeof heads)[number], b: (typeof heads)[number]): boolean => {
    const order = compare(a.value, b.value);
    return order < 0 || (order === 0 && a.source < b.source);
  };
  // A binary min-heap: k is the number of chains, but a job can list many of them.
  const swap = (i: number, j: number): void => {
    [heads[i], heads[j]] = [heads[j]!, heads[i]!];
  };
  const down = (start: number): void => {
    let i = start;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < heads.length && before(heads[left]!, heads[smallest]!)) smallest = left;
      if (right < heads.length && before(heads[right]!, heads[smallest]!)) smallest = right;
      if (smallest === i) return;
      swap(i, smallest);
      i = smallest;
    }
  };
  for (let i = Math.floor(heads.length / 2) - 1; i >= 0; i -= 1) down(i);
  while (heads.length > 0) {
    const top = heads[0]!;
    yield top.value;
    const next = top.iterator.next();
    if (next.done === true) {
      const last = heads.pop()!;
      if (heads.length === 0) break;
      heads[0] = last;
    } else {
      top.value = next.value;
    }
    down(0);
  }
}
