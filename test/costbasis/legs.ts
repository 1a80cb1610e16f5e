import type { BasisLeg } from '../../src/costbasis/BasisLeg.js';
import type { BasisReport, PoolTie } from '../../src/costbasis/BasisReport.js';
import type { BasisChange, BasisMethod, BasisScope, CostBasisSettings } from '../../src/costbasis/CostBasisSettings.js';
import type { ReplayOptions } from '../../src/costbasis/BasisRun.js';
import { replayBasis } from '../../src/costbasis/replayBasis.js';
import { type Money, toDecimal } from '../../src/costbasis/scaledMoney.js';
import type { Category } from '../../src/ledger/LedgerEntry.js';
import { Decimal, formatUnits } from '../../src/ledger/money.js';

export const W1 = '0x1000000000000000000000000000000000000001';
export const W2 = '0x2000000000000000000000000000000000000002';
export const USDC_CONTRACT = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
export const WETH_CONTRACT = '0xc02aaa39b223fe8d0a0e5c756cc2ad6c083c756c';

/** An asset as a test names it: symbol, contract, decimals (ETH on chain 1 unless `chainId` says otherwise). */
export interface TestAsset {
  asset: string;
  assetContract: string;
  decimals: number | null;
  chainId?: number;
}

export const ETH: TestAsset = { asset: 'ETH', assetContract: '', decimals: 18 };
export const USDC: TestAsset = { asset: 'USDC', assetContract: USDC_CONTRACT, decimals: 6 };
export const WETH: TestAsset = { asset: 'WETH', assetContract: WETH_CONTRACT, decimals: 18 };
export const TKN: TestAsset = { asset: 'TKN', assetContract: '0x7000000000000000000000000000000000000007', decimals: 18 };
export const ARB_ETH: TestAsset = { asset: 'ETH', assetContract: '', decimals: 18, chainId: 42161 };

/** Unix seconds of an ISO date (`2024-01-10`: noon UTC) or instant. */
export function at(iso: string): number {
  return Date.parse(iso.length === 10 ? `${iso}T12:00:00Z` : iso) / 1000;
}

/** Human amount → base units ("1.5" ETH → 1500000000000000000n). */
export function units(amount: string, decimals = 18): bigint {
  const [whole, fraction = ''] = amount.split('.') as [string, string?];
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
}

/** One leg of a test transaction; `id` becomes the entry id, `value` null means unknown. */
export interface LegSpec {
  id?: string;
  wallet?: string;
  direction: 'in' | 'out';
  category: Category;
  asset: TestAsset;
  amount: string;
  value: number | string | null;
  kind?: BasisLeg['kind'];
  spam?: string;
  bridge?: BasisLeg['bridge'];
}

export const buy = (id: string, asset: TestAsset, amount: string, value: number | string | null, wallet = W1): LegSpec => ({
  id,
  wallet,
  direction: 'in',
  category: 'trade',
  asset,
  amount,
  value,
});
export const sell = (id: string, asset: TestAsset, amount: string, value: number | string | null, wallet = W1): LegSpec => ({
  id,
  wallet,
  direction: 'out',
  category: 'trade',
  asset,
  amount,
  value,
});
export const fee = (id: string, amount: string, value: number | string | null, wallet = W1, asset = ETH): LegSpec => ({
  id,
  wallet,
  direction: 'out',
  category: 'fee',
  kind: 'fee',
  asset,
  amount,
  value,
});
export const leg = (
  id: string,
  direction: 'in' | 'out',
  category: Category,
  asset: TestAsset,
  amount: string,
  value: number | string | null,
  wallet = W1,
): LegSpec => ({ id, wallet, direction, category, asset, amount, value });

let txCount = 0;

/** The legs of one transaction at `when`, in row order (entry id: the spec's `id`, else `<tx>-<row>`). */
export function tx(when: string, ...specs: LegSpec[]): BasisLeg[] {
  txCount += 1;
  const txHash = `0x${txCount.toString(16).padStart(64, '0')}`;
  return specs.map((spec, order): BasisLeg => {
    const decimals = spec.asset.decimals;
    const amountRaw = units(spec.amount, decimals ?? 0);
    const value = spec.value === null ? null : new Decimal(String(spec.value));
    const whole = decimals === null ? null : new Decimal(amountRaw.toString()).div(new Decimal(10).pow(decimals));
    return {
      entryId: spec.id ?? `${txHash}-${order}`,
      timestamp: at(when),
      chainId: spec.asset.chainId ?? 1,
      blockNumber: txCount,
      txHash,
      transactionIndex: 0,
      order,
      wallet: spec.wallet ?? W1,
      direction: spec.direction,
      kind: spec.kind ?? (spec.asset.assetContract === '' ? 'native' : 'erc20'),
      category: spec.category,
      asset: spec.asset.asset,
      assetContract: spec.asset.assetContract,
      amountRaw,
      decimals,
      spam: spec.spam ?? '',
      ...(spec.bridge === undefined ? {} : { bridge: spec.bridge }),
      value,
      valueState: value === null ? 'no_price' : 'valued',
      price: value === null || whole === null || whole.isZero() ? null : value.div(whole),
      priceSource: value === null ? '' : 'file',
    };
  });
}

/** A Decimal, or the replay's Money (or null), as a number rounded to cents, for compact expectations. */
export function cents(value: Decimal | Money | null): number | null {
  if (value === null) return null;
  return Number((typeof value === 'bigint' ? toDecimal(value) : value).toFixed(2));
}

/** Settings as the replay reads them (`generic` profile, transfers out removed) for `method` and `scope`. */
export function settingsOf(method: BasisMethod, scope: BasisScope = 'universal', changes: BasisChange[] = []): CostBasisSettings {
  return { method, scope, profile: 'generic', changes, unclassifiedOut: 'remove' };
}

/** The calendar year `year` in UTC, end exclusive. */
export function yearOf(year: number): { start: number; end: number } {
  return { start: Date.UTC(year, 0, 1) / 1000, end: Date.UTC(year + 1, 0, 1) / 1000 };
}

/** Replays the transactions (in the order given) for 2024 in UTC unless told otherwise. */
export function replay(txs: readonly BasisLeg[][], options: Partial<ReplayOptions> & { settings: CostBasisSettings }): BasisReport {
  return replayBasis(txs.flat(), { period: yearOf(2024), timezone: 'UTC', ...options });
}

/** Gain rows as [entry, lot, quantity (whole units), proceeds, selling costs, basis, gain, term] in cents. */
export function gainsOf(report: BasisReport): unknown[] {
  return [...report.gains].map((row) => [
    row.entryId,
    row.lotId,
    formatUnits(row.quantity, row.decimals),
    cents(row.proceeds),
    cents(row.sellingCosts),
    cents(row.costBasis),
    cents(row.gain),
    row.term,
  ]);
}

/** The sum of the known gains, in cents. */
export function totalGain(report: BasisReport): number | null {
  return cents(Decimal.sum(0, ...[...report.gains].map((row) => row.gain ?? 0)));
}

/** Open lots as [wallet, asset, lot, acquired (ISO day), quantity, basis]. */
export function openOf(report: BasisReport): unknown[] {
  return report.openLots.map((lot) => [
    lot.wallet,
    lot.asset,
    lot.lotId,
    lot.acquiredAt === null ? null : new Date(lot.acquiredAt * 1000).toISOString().slice(0, 10),
    formatUnits(lot.quantity, lot.decimals),
    cents(lot.costBasis),
  ]);
}

/** Every tie balances: acquired + moved in = disposed + removed + moved out + open (known costs). */
export function unbalancedTies(report: BasisReport): PoolTie[] {
  return report.ties.filter(
    (tie) => !tie.acquired.add(tie.movedIn).sub(tie.disposed).sub(tie.removed).sub(tie.movedOut).sub(tie.open).abs().lt('1e-20'),
  );
}
