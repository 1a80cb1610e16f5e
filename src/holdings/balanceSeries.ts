import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { type Position, RollForward } from './RollForward.js';

/** One wallet's balance of one fungible asset on one chain over a period, in base units (exact). */
export interface BalanceSeries extends Position {
  walletLabel: string;
  asset: string;
  decimals: number;
  /** After each entry, the change since the period's start (the opening is not in the entries). */
  points: { timestamp: number; change: bigint }[];
}

type Line = BalanceSeries & { real: boolean; first: { timestamp: number; chainId: number } };

/**
 * Balances over time of the period's entries, fed one by one, through the one roll-forward: NFTs and entries of
 * unknown decimals left out, and assets with nothing but spam. A spam entry of a real asset (a poisoning dust of
 * real USDC) still moves its balance, as reconcile counts it.
 */
export class BalanceSeriesTally {
  private readonly series = new RollForward<Line>('token', (key, ref, entry) => ({
    key,
    ref,
    balance: 0n,
    walletLabel: entry.walletLabel,
    asset: entry.asset,
    decimals: entry.decimals ?? 0,
    points: [],
    real: false,
    first: { timestamp: entry.timestamp, chainId: entry.chainId },
  }));

  add(entry: LedgerEntry): void {
    if (entry.kind === 'erc721' || entry.kind === 'erc1155' || entry.decimals === null) return;
    const line = this.series.add(entry);
    if (entry.spam === '') line.real = true;
    line.points.push({ timestamp: entry.timestamp, change: line.balance });
  }

  /** The lines in the order their first entries came, each with that entry's time and chain. */
  lines(): { first: { timestamp: number; chainId: number }; line: BalanceSeries }[] {
    return this.series
      .positions()
      .filter((line) => line.real)
      .map(({ real: _real, first, ...line }) => ({ first, line }));
  }
}
