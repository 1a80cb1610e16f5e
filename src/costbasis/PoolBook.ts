import type { Holding } from './BasisEvent.js';
import type { PoolTie } from './BasisReport.js';
import type { BasisMethod, BasisScope } from './CostBasisSettings.js';
import type { Lot, LotPiece } from './Lot.js';
import type { Pool, PoolFactory } from './Pool.js';
import { type Money, toDecimal } from './scaledMoney.js';

/** What a pool's answer is handed to: the pieces that left, and the base units it could not cover. */
export type TakeHandler = (pieces: readonly LotPiece[], short: bigint) => void;

/** One pool with what it holds (asset, wallet under the wallet scope) and its tie-out, summed as the replay goes. */
export interface PoolEntry {
  key: string;
  wallet: string | null;
  chainId: number;
  asset: string;
  assetContract: string;
  decimals: number;
  pool: Pool<TakeHandler>;
  tie: TieSums;
}

/** The tie's money columns, the ones a replay adds to. */
export type TieColumn = 'acquired' | 'movedIn' | 'disposed' | 'removed' | 'movedOut';

/** A pool's tie while the replay sums it, in Money (`PoolTie` once reported). */
type TieSums = Omit<PoolTie, TieColumn | 'open'> & Record<TieColumn, Money>;

/**
 * The pools of one replay: one per asset key (universal) or per wallet and asset key (wallet), made on first use by
 * the current method, each with its tie. A method or scope change replaces them; the ties stay with their keys.
 */
export class PoolBook {
  private readonly pools = new Map<string, PoolEntry>();
  private readonly ties = new Map<string, TieSums>();
  /** Each holding's pool under `scope` (events share their holding: see `Holdings`), so most lookups build no key. */
  private readonly byHolding = new Map<Holding, PoolEntry>();
  private cachedScope: BasisScope;

  constructor(
    public method: BasisMethod,
    public scope: BasisScope,
    private readonly factory: PoolFactory,
  ) {
    this.cachedScope = scope;
  }

  /** The pool a holding's lots live in under the current scope. */
  poolOf(holding: Holding): PoolEntry {
    if (this.cachedScope !== this.scope) {
      this.byHolding.clear();
      this.cachedScope = this.scope;
    }
    const known = this.byHolding.get(holding);
    if (known !== undefined) return known;
    const wallet = this.scope === 'wallet' ? holding.wallet : null;
    const key = poolKey(wallet, holding.chainId, holding.assetContract);
    let entry = this.pools.get(key);
    if (entry === undefined) {
      entry = { key, wallet, ...assetOf(holding), pool: this.makePool(this.method), tie: this.tieOf(key, wallet, holding) };
      this.pools.set(key, entry);
    }
    this.byHolding.set(holding, entry);
    return entry;
  }

  entries(): IterableIterator<PoolEntry> {
    return this.pools.values();
  }

  /** Every pool's tie, with `open` the cost its lots hold now (pieces of unknown cost counted, their known part summed). */
  tiesNow(): PoolTie[] {
    const open = new Map<string, readonly LotPiece[]>();
    for (const entry of this.pools.values()) open.set(entry.key, entry.pool.open());
    return [...this.ties.entries()].map(([key, tie]) => {
      const pieces = open.get(key) ?? [];
      const unknown = pieces.filter((piece) => piece.cost === null).length;
      const cost = pieces.reduce((sum, piece) => sum + (piece.cost ?? piece.knownCost ?? 0n), 0n);
      const { acquired, movedIn, disposed, removed, movedOut } = tie;
      return {
        ...tie,
        acquired: toDecimal(acquired),
        movedIn: toDecimal(movedIn),
        disposed: toDecimal(disposed),
        removed: toDecimal(removed),
        movedOut: toDecimal(movedOut),
        open: toDecimal(cost),
        unknown: tie.unknown + unknown,
      };
    });
  }

  /** Adds pieces' known cost to a tie column; pieces of unknown cost are counted, and the known cost blended into them added. */
  count(entry: PoolEntry, column: TieColumn, pieces: readonly Pick<LotPiece, 'cost' | 'knownCost'>[]): void {
    for (const piece of pieces) this.countOne(entry, column, piece);
  }

  /** `count` for one piece (an acquisition: no list made for it). */
  countOne(entry: PoolEntry, column: TieColumn, piece: Pick<LotPiece, 'cost' | 'knownCost'>): void {
    if (piece.cost === null) entry.tie.unknown += 1;
    const known = piece.cost ?? piece.knownCost;
    if (known !== undefined) entry.tie[column] += known;
  }

  /**
   * From now on lots leave by `method`: each pool's open lots (its pending answers given first) go into a new pool of
   * that method, unchanged. A pooled piece (no id or time, under `average`) becomes one lot `pooled:<day>` at `at`.
   */
  rebuild(method: BasisMethod, at: number, day: string): void {
    this.method = method;
    for (const entry of this.pools.values()) {
      entry.pool.settle();
      const lots = lotsOf(entry.pool.open(), at, day);
      entry.pool = this.makePool(method);
      for (const lot of lots) entry.pool.acquire(lot);
    }
  }

  /** Takes every pool out (for a scope change): its open lots as lots, in its method's order, after its pending answers. */
  drain(at: number, day: string): { entry: PoolEntry; lots: Lot[] }[] {
    const drained = [...this.pools.values()].map((entry) => {
      entry.pool.settle();
      return { entry, lots: lotsOf(entry.pool.open(), at, day) };
    });
    this.pools.clear();
    this.byHolding.clear();
    return drained;
  }

  /** Lots in the order `method` would take them (a pooled method gives its one piece, as `rebuild` names it). */
  inOrder(lots: readonly Lot[], method: BasisMethod, at: number, day: string): Lot[] {
    const pool = this.makePool(method);
    for (const lot of lots) pool.acquire(lot);
    return lotsOf(pool.open(), at, day);
  }

  private makePool(method: BasisMethod): Pool<TakeHandler> {
    return this.factory<TakeHandler>(method, (request, pieces, short) => request.ref(pieces, short));
  }

  private tieOf(key: string, wallet: string | null, holding: Holding): TieSums {
    let tie = this.ties.get(key);
    if (tie === undefined) {
      const { chainId, asset, assetContract } = holding;
      tie = { wallet, chainId, asset, assetContract, acquired: 0n, movedIn: 0n, disposed: 0n, removed: 0n, movedOut: 0n, unknown: 0 };
      this.ties.set(key, tie);
    }
    return tie;
  }
}

export function poolKey(wallet: string | null, chainId: number, assetContract: string): string {
  return `${wallet ?? '*'}|${chainId}:${assetContract}`;
}

/** The key of the pool a holding's lots (or a gain row's) live in under `scope`. */
export function scopedPoolKey(
  scope: BasisScope,
  { wallet, chainId, assetContract }: Pick<Holding, 'wallet' | 'chainId' | 'assetContract'>,
): string {
  return poolKey(scope === 'wallet' ? wallet : null, chainId, assetContract);
}

function assetOf(holding: Holding): Pick<PoolEntry, 'chainId' | 'asset' | 'assetContract' | 'decimals'> {
  const { chainId, asset, assetContract, decimals } = holding;
  return { chainId, asset, assetContract, decimals };
}

function lotsOf(pieces: readonly LotPiece[], at: number, day: string): Lot[] {
  return pieces.map((piece) => ({
    lotId: piece.lotId ?? `pooled:${day}`,
    acquiredAt: piece.acquiredAt ?? at,
    quantity: piece.quantity,
    cost: piece.cost,
    knownCost: piece.knownCost,
  }));
}
