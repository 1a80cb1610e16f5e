/** The ledger's running balance of one bucket at the end of a block where it changed (or at the synced block). */
export interface BalancePoint {
  block: number;
  ledger: bigint;
  /** The transactions of the bucket's entries in this block. */
  txHashes: readonly string[];
}

export interface Divergence {
  /** The first block at whose end the chain's balance differs from the ledger's. */
  block: number;
  ledgerBalance: bigint;
  chainBalance: bigint;
  /** The last block seen to agree, `null` when the difference starts at block 0. */
  lastAgreeingBlock: number | null;
  /** The bucket's transactions in `block`; empty when the ledger has nothing there, i.e. a whole record is missing. */
  txHashes: readonly string[];
  /** Historical balance calls this search made. */
  calls: number;
}

/**
 * The first block where the chain's balance parts from the ledger's running balance, or `null` when they
 * agree at the last point (the synced block). Two binary searches: over the points where the ledger's
 * balance changes, then over the blocks between the last agreeing point and the first differing one, since
 * a missing record can sit in a block where the ledger shows no change. That is O(log points + log blocks)
 * calls, and it assumes (like rotki) that once apart the balances stay apart.
 *
 * `points` must ascend by block and end at the synced block.
 */
export async function findFirstDivergence(
  points: readonly BalancePoint[],
  chainBalanceAt: (block: number) => Promise<bigint>,
): Promise<Divergence | null> {
  const last = points.at(-1);
  if (last === undefined) return null;
  const cache = new Map<number, bigint>();
  const chainAt = async (block: number): Promise<bigint> => {
    let balance = cache.get(block);
    if (balance === undefined) {
      balance = await chainBalanceAt(block);
      cache.set(block, balance);
    }
    return balance;
  };
  const pointDiffers = async (index: number): Promise<boolean> => {
    const point = points[index] as BalancePoint;
    return (await chainAt(point.block)) !== point.ledger;
  };

  if (!(await pointDiffers(points.length - 1))) return null;
  const first = await firstTrue(0, points.length - 1, pointDiffers);
  const point = points[first] as BalancePoint;
  const previous = first === 0 ? null : (points[first - 1] as BalancePoint);
  // Between the previous point and this one the ledger's balance is flat.
  const flat = previous?.ledger ?? 0n;
  const block = await firstTrue(previous === null ? 0 : previous.block + 1, point.block, async (candidate) =>
    candidate === point.block ? true : (await chainAt(candidate)) !== flat,
  );
  const ledgerBalance = block === point.block ? point.ledger : flat;
  return {
    block,
    ledgerBalance,
    chainBalance: await chainAt(block),
    lastAgreeingBlock: block === 0 ? null : block - 1,
    txHashes: block === point.block ? point.txHashes : [],
    calls: cache.size,
  };
}

/** The smallest integer in [low, high] where the monotone `test` holds; `test(high)` must hold. */
async function firstTrue(low: number, high: number, test: (value: number) => Promise<boolean>): Promise<number> {
  let lo = low;
  let hi = high;
  while (lo < hi) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (await test(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
