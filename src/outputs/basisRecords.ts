import type { IncomeRow, LotAllocationRow, OpenLotRow, RemovalRow } from '../costbasis/BasisReport.js';
import { formatUnits } from '../ledger/money.js';
import { moneyText } from './moneyText.js';

/**
 * The cost-basis files' layouts, one record per report row: quantities exact (`formatUnits`), money rounded to the
 * currency's minor unit, unknown empty (never 0), times ISO 8601 UTC. `gains.csv`'s lines are `GainLines`'.
 */
export const GAINS_FILE = 'gains.csv';
export const INCOME_FILE = 'income.csv';
export const REMOVALS_FILE = 'removals.csv';
export const LOTS_OPEN_FILE = 'lots-open.csv';
export const BASIS_ISSUES_FILE = 'costbasis-issues.csv';
export const LOT_ALLOCATION_FILE = 'lot-allocation.csv';

export const GAINS_HEADER = [
  'entry_id',
  'lot_id',
  'tx_hash',
  'chain_id',
  'wallet',
  'asset',
  'asset_contract',
  'quantity',
  'acquired_at',
  'sold_at',
  'proceeds',
  'selling_costs',
  'cost_basis',
  'gain',
  'term',
  'kind',
  'method',
  'currency',
  'flags',
] as const;

export const INCOME_HEADER = [
  'entry_id',
  'timestamp',
  'tx_hash',
  'chain_id',
  'wallet',
  'asset',
  'asset_contract',
  'quantity',
  'category',
  'price',
  'price_source',
  'value',
  'currency',
] as const;

export const REMOVALS_HEADER = ['entry_id', 'timestamp', 'wallet', 'asset', 'asset_contract', 'quantity', 'kind', 'cost_basis'] as const;

export const LOTS_OPEN_HEADER = [
  'wallet',
  'chain_id',
  'asset',
  'asset_contract',
  'lot_id',
  'acquired_at',
  'quantity',
  'cost_basis',
] as const;

export const BASIS_ISSUES_HEADER = ['entry_id', 'issue', 'quantity', 'detail'] as const;

export const LOT_ALLOCATION_HEADER = [
  'at',
  'wallet',
  'chain_id',
  'asset',
  'asset_contract',
  'lot_id',
  'acquired_at',
  'quantity',
  'cost_basis',
] as const;

/** Unix seconds as ISO 8601 UTC to the second; empty when unknown. */
export function isoTime(time: number | null): string {
  if (time === null) return '';
  if (!Number.isInteger(time)) return new Date(time * 1000).toISOString().replace('.000Z', 'Z');
  // A Date and its text per time cost ≈ 1 µs, four times a gain row: the day's text is made once per day met.
  const day = Math.floor(time / 86_400);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    const midnight = new Date(day * 86_400_000).toISOString();
    prefix = midnight.slice(0, midnight.length - '00:00:00.000Z'.length);
    dayPrefixes.set(day, prefix);
  }
  const second = time - day * 86_400;
  const hour = Math.floor(second / 3600);
  const minute = Math.floor((second % 3600) / 60);
  return `${prefix}${TWO_DIGITS[hour] as string}:${TWO_DIGITS[minute] as string}:${TWO_DIGITS[second % 60] as string}Z`;
}

/** `YYYY-MM-DDT` by UTC day number: rows fall on a few thousand days at most. */
const dayPrefixes = new Map<number, string>();
const TWO_DIGITS = Array.from({ length: 60 }, (_, value) => String(value).padStart(2, '0'));

export function incomeRecord(row: IncomeRow, currency: string): string[] {
  return [
    row.entryId,
    isoTime(row.timestamp),
    row.txHash,
    String(row.chainId),
    row.wallet,
    row.asset,
    row.assetContract,
    formatUnits(row.quantity, row.decimals),
    row.category,
    // A price is per whole unit and written exact, as the ledger's value columns write it.
    row.price === null ? '' : row.price.toFixed(),
    row.priceSource,
    moneyText(row.value, currency),
    currency,
  ];
}

export function removalRecord(row: RemovalRow, currency: string): string[] {
  return [
    row.entryId,
    isoTime(row.timestamp),
    row.wallet,
    row.asset,
    row.assetContract,
    formatUnits(row.quantity, row.decimals),
    row.kind,
    moneyText(row.costBasis, currency),
  ];
}

export function openLotRecord(row: OpenLotRow, currency: string): string[] {
  return [
    row.wallet ?? '',
    String(row.chainId),
    row.asset,
    row.assetContract,
    row.lotId ?? '',
    isoTime(row.acquiredAt),
    formatUnits(row.quantity, row.decimals),
    moneyText(row.costBasis, currency),
  ];
}

export function allocationRecord(row: LotAllocationRow, currency: string): string[] {
  return [
    isoTime(row.at),
    row.wallet,
    String(row.chainId),
    row.asset,
    row.assetContract,
    row.lotId ?? '',
    isoTime(row.acquiredAt),
    formatUnits(row.quantity, row.decimals),
    moneyText(row.costBasis, currency),
  ];
}
