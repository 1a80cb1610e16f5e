import { writeReport } from '../output/writeReport.js';
import { findChain } from '../chains/chains.js';
import { formatUnits } from '../ledger/money.js';
import type { BucketResult, ReconcileResult } from '../reconcile/reconcile.js';
import { reconcileSummary } from '../reconcile/reconcileSummary.js';
import type { LegValue } from '../prices/valueLeg.js';
import { VALUE_COLUMNS, valueRecord } from '../prices/valueRecord.js';

/** The report's files: the CSV and its JSON twin. */
export const RECONCILE_FILES = ['reconcile.csv', 'reconcile.json'] as const;

export interface ReconcileReport {
  csvPath: string;
  jsonPath: string;
  /** A few lines for stdout: counts, then each difference. */
  summary: string;
}

/** The five roll-forward figures and the comparison, each in base units and formatted with the asset's decimals. */
const AMOUNTS = ['opening', 'in', 'out', 'fees', 'closing', 'ledger_balance', 'chain_balance', 'difference'] as const;
type AmountName = (typeof AMOUNTS)[number];
type CamelName<T extends string> = T extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelName<Tail>>}` : T;

/** An amount in `reconcile.json`: base units exact, and formatted ('' when the decimals are unknown); null when not known. */
export type ReconcileJsonAmount = { raw: string; amount: string } | null;

/** One chain, wallet and asset of `reconcile.json`: its roll-forward, the chain's balance and the verdict. */
export type ReconcileJsonAsset = {
  chainId: number;
  chain: string;
  wallet: string;
  walletLabel: string;
  assetKind: string;
  asset: string;
  assetContract: string;
  tokenId: string;
  decimals: number | null;
  spam: string;
  syncedBlock: number;
  /** The synced block's own time, ISO 8601 UTC; absent from reports written before it was recorded. */
  syncedBlockTime?: string;
  status: string;
  firstDivergence: {
    block: number;
    lastAgreeingBlock: number | null;
    ledgerBalanceRaw: string;
    chainBalanceRaw: string;
    txHashes: readonly string[];
  } | null;
  hint: string;
} & Record<CamelName<AmountName>, ReconcileJsonAmount>;

/** `reconcile.json` as written (and so as the workspace's pages read it). */
export interface ReconcileJson {
  /** The period as the run passed it: a job's (`from`, `to` and the instants) from the CLI and the workspace. */
  period: ReconcileResult['period'];
  /** Per chain id (a JSON key, so a string). */
  syncedBlocks: Record<string, number>;
  /** Each synced block's own time, ISO 8601 UTC, per chain id; absent from reports written before it was recorded. */
  syncedBlockTimes?: Record<string, string>;
  historical: ReconcileResult['historical'];
  allMatch: boolean;
  unavailableFeatures: ReconcileResult['unavailable'];
  assets: ReconcileJsonAsset[];
}

const HEADER = [
  'chain_id',
  'chain',
  'wallet',
  'wallet_label',
  'asset_kind',
  'asset',
  'asset_contract',
  'token_id',
  'decimals',
  'spam',
  ...AMOUNTS.flatMap((name) => [name, `${name}_raw`]),
  'closing_date',
  'synced_block',
  'synced_block_time',
  'status',
  'first_divergent_block',
  'divergent_txs',
  'hint',
];

/**
 * Writes `reconcile.csv` and `reconcile.json` into `outDir`, each under a temp name renamed when complete,
 * so a cron never reads half a report. `ledger_balance` is the all-history balance at `synced_block`, the
 * figure compared with the chain; `closing` is the period's, at the end of `closing_date`, and never compared
 * (a past period's closing is not today's balance). Spam rows come last. With `closingValues` (one per bucket),
 * each closing's value at the period's end in `closing_<VALUE_COLUMNS>`.
 */
export async function writeReconcileReport(
  result: ReconcileResult,
  outDir: string,
  syncedBlockTimes: ReadonlyMap<number, number>,
  closingValues?: readonly LegValue[],
): Promise<ReconcileReport> {
  const timeOf = (chainId: number): string => {
    const time = syncedBlockTimes.get(chainId);
    return time === undefined ? '' : new Date(time * 1000).toISOString().replace('.000Z', 'Z');
  };
  const header = closingValues === undefined ? HEADER : [...HEADER, ...VALUE_COLUMNS.map((name) => `closing_${name}`)];
  const rows = result.buckets.map((row, i) => {
    const cells = csvRow(row, result.period.to ?? '', timeOf(row.bucket.chainId));
    return closingValues === undefined ? cells : [...cells, ...valueRecord(closingValues[i] ?? null)];
  });
  const { csvPath, jsonPath } = await writeReport(
    outDir,
    { name: RECONCILE_FILES[0], header, rows },
    { name: RECONCILE_FILES[1], body: jsonReport(result, timeOf) },
  );
  return { csvPath, jsonPath: jsonPath, summary: reconcileSummary(result, [csvPath, jsonPath]) };
}

function amounts(row: BucketResult): Record<AmountName, bigint | null> {
  const { bucket } = row;
  return {
    opening: bucket.opening,
    in: bucket.inflow,
    out: bucket.outflow,
    fees: bucket.fees,
    closing: bucket.closing,
    ledger_balance: bucket.balance,
    chain_balance: row.chainBalance,
    difference: row.difference,
  };
}

/** Formatted with the asset's decimals; '' when they are unknown, since a guess could be off by 10^18. */
function formatted(raw: bigint | null, decimals: number | null): string {
  return raw === null || decimals === null ? '' : formatUnits(raw, decimals);
}

function csvRow(row: BucketResult, closingDate: string, syncedBlockTime: string): string[] {
  const { bucket } = row;
  const values = amounts(row);
  return [
    String(bucket.chainId),
    findChain(bucket.chainId)?.name ?? '',
    bucket.wallet,
    bucket.walletLabel,
    bucket.assetKind,
    bucket.asset,
    bucket.assetContract,
    bucket.tokenId,
    bucket.decimals === null ? '' : String(bucket.decimals),
    bucket.spam,
    ...AMOUNTS.flatMap((name) => [formatted(values[name], bucket.decimals), values[name]?.toString() ?? '']),
    closingDate,
    String(row.syncedBlock),
    syncedBlockTime,
    row.status,
    row.divergence === null ? '' : String(row.divergence.block),
    row.divergence?.txHashes.join(' ') ?? '',
    row.hint,
  ];
}

function jsonReport(result: ReconcileResult, timeOf: (chainId: number) => string): ReconcileJson {
  return {
    period: result.period,
    syncedBlocks: Object.fromEntries([...result.syncedBlockByChain].map(([chainId, block]) => [String(chainId), block])),
    syncedBlockTimes: Object.fromEntries([...result.syncedBlockByChain.keys()].map((chainId) => [String(chainId), timeOf(chainId)])),
    historical: result.historical,
    allMatch: result.allMatch,
    unavailableFeatures: result.unavailable,
    assets: result.buckets.map((row) => {
      const { bucket } = row;
      const values = amounts(row);
      return {
        chainId: bucket.chainId,
        chain: findChain(bucket.chainId)?.name ?? '',
        wallet: bucket.wallet,
        walletLabel: bucket.walletLabel,
        assetKind: bucket.assetKind,
        asset: bucket.asset,
        assetContract: bucket.assetContract,
        tokenId: bucket.tokenId,
        decimals: bucket.decimals,
        spam: bucket.spam,
        ...(Object.fromEntries(
          AMOUNTS.map((name) => [
            camel(name),
            values[name] === null ? null : { raw: values[name].toString(), amount: formatted(values[name], bucket.decimals) },
          ]),
        ) as Record<CamelName<AmountName>, ReconcileJsonAmount>),
        syncedBlock: row.syncedBlock,
        syncedBlockTime: timeOf(bucket.chainId),
        status: row.status,
        firstDivergence:
          row.divergence === null
            ? null
            : {
                block: row.divergence.block,
                lastAgreeingBlock: row.divergence.lastAgreeingBlock,
                ledgerBalanceRaw: row.divergence.ledgerBalance.toString(),
                chainBalanceRaw: row.divergence.chainBalance.toString(),
                txHashes: row.divergence.txHashes,
              },
        hint: row.hint,
      };
    }),
  };
}

function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
