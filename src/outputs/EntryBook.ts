import type { Holding } from '../costbasis/BasisEvent.js';
import { type Decimal, formatUnits } from '../ledger/money.js';
import type { GainsEntry, JournalLot, LeftOut } from './GainsJournal.js';

/** Far beyond a lot's unit cost × quantity at 24 decimals against its cost: a lot priced apart, not rounded. */
const ROUNDING = 1e-6;

/** What the journal's parts share while it is built: its entries by transaction, their titles, lots' unit costs, what is left out. */
export class EntryBook {
  private readonly entries = new Map<string, GainsEntry>();
  private readonly titles = new Map<GainsEntry, string[]>();
  private readonly units = new Map<string, Decimal>();
  readonly leftOut: LeftOut[] = [];

  /** `perHolding`: a lot's unit is per wallet too (uk restates a lot that joins another pool's day). */
  constructor(private readonly perHolding = false) {}

  entry(chainId: number, txHash: string, at: number, wallet: string): GainsEntry {
    const key = `${chainId}:${txHash}`;
    let entry = this.entries.get(key);
    if (entry === undefined) this.entries.set(key, (entry = { at, chainId, txHash, wallet, title: '', lines: [] }));
    return entry;
  }

  /** An entry of its own for a transaction (uk's settlement of a sale's lots), after the ones made before it at the same time. */
  apart(chainId: number, txHash: string, at: number, wallet: string): GainsEntry {
    const entry: GainsEntry = { at, chainId, txHash, wallet, title: '', lines: [] };
    this.entries.set(`${chainId}:${txHash}:${this.entries.size}`, entry);
    return entry;
  }

  say(entry: GainsEntry, text: string): void {
    this.titles.set(entry, [...(this.titles.get(entry) ?? []), text]);
  }

  /**
   * A lot as the journal names it, its cost per whole unit the same for every piece of it (the first seen decides), so
   * a journal matches it exactly; a lot keeps its id across wallets and chains, its unit is per asset.
   */
  lot(holding: Holding, id: string, acquiredAt: number | null, cost: Decimal, quantity: bigint, pooled: boolean): JournalLot {
    const key = `${this.perHolding ? holding.wallet : ''}:${holding.chainId}:${holding.assetContract}:${id}`;
    let unit = this.units.get(key);
    if (unit === undefined) this.units.set(key, (unit = cost.div(formatUnits(quantity, holding.decimals))));
    return { id, acquiredAt, unit, pooled };
  }

  /**
   * A lot as its acquisition enters it: at the unit its pieces share, unless they price it beyond rounding at another
   * cost (uk: a sale on a UK day that the period's end splits is matched at the whole day's average, which acquisitions
   * after the end change): then at its own cost, and the sale owes it at the replay's.
   */
  entering(holding: Holding, id: string, acquiredAt: number, cost: Decimal, quantity: bigint): JournalLot {
    const lot = this.lot(holding, id, acquiredAt, cost, quantity, false);
    const units = formatUnits(quantity, holding.decimals);
    return lot.unit.times(units).sub(cost).abs().lt(ROUNDING) ? lot : { ...lot, unit: cost.div(units) };
  }

  /** The entries in time order, each titled. */
  finish(): GainsEntry[] {
    const ordered = [...this.entries.values()].sort((a, b) => a.at - b.at);
    for (const entry of ordered) entry.title = (this.titles.get(entry) ?? []).join(', ');
    return ordered;
  }
}
