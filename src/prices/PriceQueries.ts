import { childMap } from '../childMap.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { AskedAsset } from './AssetTimes.js';
import { assetName, insertTime } from './AssetTimes.js';
import type { PriceQuery } from './PriceQuery.js';
import { priceQueryOf } from './priceQueryOf.js';

/**
 * A valued export's questions, noted in a pass over its entries when the prices a render read may not be final:
 * every non-spam row's question, each distinct (asset, time) once with its row count, plus the instants journals
 * and balance rows state holdings at (the period's first and last second) for every asset the period moved. Spam
 * and unknown decimals are counted, never asked.
 */
export class PriceQueries {
  /** chain → `native` or contract (`+nft` for NFTs) → asset; and the assets in the order first asked. */
  private readonly byChain = new Map<number, Map<string, AskedAsset>>();
  private readonly order: AskedAsset[] = [];
  private count = 0;
  /** Rows never asked, by reason (`spam`, `unknown decimals`). */
  readonly unqueried = new Map<string, number>();

  add(entry: LedgerEntry): void {
    const query = priceQueryOf(entry, entry.timestamp);
    if (typeof query === 'string') this.unqueried.set(query, (this.unqueried.get(query) ?? 0) + 1);
    else this.note(query, entry.asset, entry.timestamp, 1);
  }

  /** Also asks every moved asset's price at these instants (the rows stating balances), counting no row. */
  addInstants(times: readonly number[]): void {
    for (const asset of [...this.order]) for (const time of times) this.note(asset, asset.symbol, time, 0);
  }

  /** The assets asked, in the order one pass first asks them. */
  assets(): readonly AskedAsset[] {
    return this.order;
  }

  /** Distinct questions (asset and time). */
  get size(): number {
    return this.count;
  }

  /** `what` is the question itself when a row asks, else the asset of one. */
  private note(what: Omit<PriceQuery, 'time'>, symbol: string, time: number, rows: number): void {
    const asset = this.find(what) ?? this.make(what, symbol);
    const index = insertTime(asset.times, time);
    if (index < 0) {
      asset.rows[-index - 1] = (asset.rows[-index - 1] as number) + rows;
      return;
    }
    this.count += 1;
    if (index === asset.rows.length) asset.rows.push(rows);
    else asset.rows.splice(index, 0, rows);
  }

  private find(what: Omit<PriceQuery, 'time'>): AskedAsset | undefined {
    return this.byChain.get(what.chainId)?.get(assetName(what));
  }

  /** Registers an asset first asked now. */
  private make(what: Omit<PriceQuery, 'time'>, symbol: string): AskedAsset {
    const asset: AskedAsset = {
      chainId: what.chainId,
      asset: what.asset,
      ...(what.nft === true ? { nft: true } : {}),
      symbol,
      times: [],
      rows: [],
    };
    childMap(this.byChain, what.chainId).set(assetName(what), asset);
    this.order.push(asset);
    return asset;
  }
}
