import fs from 'node:fs';
import { parse } from 'csv-parse';
import type { ReconcileJson } from '../pipeline/reconcileReport.js';

/** One wallet's balance of one fungible asset on one chain over the period, in base units (exact). */
export interface BalanceSeries {
  chain: string;
  wallet: string;
  walletLabel: string;
  asset: string;
  decimals: number;
  /** Balance at the period's start: from a reconcile of the same period, else 0 (then the chart shows the change). */
  opening: bigint;
  openingKnown: boolean;
  points: { time: string; balance: bigint }[];
}

type LedgerRow = Record<'timestamp' | 'chain' | 'chain_id' | 'wallet' | 'wallet_label' | 'direction' | 'kind' | 'asset' | 'asset_contract' | 'amount_raw' | 'decimals' | 'spam', string>;

const FUNGIBLE = new Set(['native', 'internal', 'fee', 'erc20']);

/**
 * Balances over time from an export's `ledger.csv` (NFTs and assets with nothing but spam left out), each series
 * starting at the opening balance of a reconcile over the same period when there is one. Sums are bigint. A spam
 * row of a real asset (a poisoning dust of real USDC) still moves its balance, as reconcile counts it.
 */
export async function balanceSeries(ledgerCsv: string, reconcile: ReconcileJson | undefined): Promise<BalanceSeries[]> {
  const series = new Map<string, BalanceSeries>();
  const real = new Set<string>();
  const openings = new Map<string, bigint>();
  for (const asset of reconcile?.assets ?? []) {
    if (asset.opening !== null && (asset.assetKind === 'native' || asset.assetKind === 'erc20')) openings.set(`${asset.chainId}|${asset.wallet}|${asset.assetContract}`, BigInt(asset.opening.raw));
  }
  const parser = fs.createReadStream(ledgerCsv).pipe(parse({ columns: true, bom: true }));
  for await (const row of parser as AsyncIterable<LedgerRow>) {
    if (!FUNGIBLE.has(row.kind) || row.decimals === '') continue;
    const contract = row.kind === 'erc20' ? row.asset_contract : '';
    const key = `${row.chain_id}|${row.wallet}|${contract}`;
    if (row.spam === '') real.add(key);
    let line = series.get(key);
    if (line === undefined) {
      const opening = openings.get(key);
      line = { chain: row.chain, wallet: row.wallet, walletLabel: row.wallet_label.replace(/^'/, ''), asset: row.asset, decimals: Number(row.decimals), opening: opening ?? 0n, openingKnown: opening !== undefined, points: [] };
      series.set(key, line);
    }
    const previous = line.points.at(-1)?.balance ?? line.opening;
    const amount = BigInt(row.amount_raw);
    line.points.push({ time: row.timestamp, balance: row.direction === 'in' ? previous + amount : previous - amount });
  }
  return [...series].filter(([key]) => real.has(key)).map(([, line]) => line);
}
