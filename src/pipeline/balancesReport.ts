import { writeReport } from '../output/writeReport.js';
import { findChain } from '../chains/chains.js';
import { formatUnits } from '../ledger/money.js';
import type { BalanceAt, BalancesAtResult } from '../reconcile/balancesAt.js';
import type { LegValue } from '../prices/valueLeg.js';
import { VALUE_COLUMNS, valueRecord } from '../prices/valueRecord.js';

export interface BalancesReport {
  csvPath: string;
  /** A few lines for stdout: the instant, the counts, each difference. */
  summary: string;
}

const HEADER = [
  'at_utc',
  'at_local',
  'chain_id',
  'chain',
  'block',
  'wallet',
  'wallet_label',
  'asset_kind',
  'asset',
  'asset_contract',
  'token_id',
  'decimals',
  'spam',
  'balance',
  'balance_raw',
  'chain_balance',
  'chain_balance_raw',
  'difference',
  'difference_raw',
  'status',
  'note',
];

/** Differences listed one per line on stdout before the rest is left to the file. */
const LISTED = 10;

/**
 * Writes `fileName` into `outDir` (under a temp name, renamed when complete): the statement of holdings at
 * one instant that wealth-tax returns ask for. Amounts in the asset's units and in base units; spam rows last;
 * with `values` (one per row), each balance's value at the instant in the `VALUE_COLUMNS`.
 */
export async function writeBalancesReport(
  result: BalancesAtResult,
  outDir: string,
  fileName = 'balances.csv',
  values?: readonly LegValue[],
): Promise<BalancesReport> {
  const header = values === undefined ? HEADER : [...HEADER, ...VALUE_COLUMNS];
  const rows = result.rows.map((row, i) =>
    values === undefined ? csvRow(result, row) : [...csvRow(result, row), ...valueRecord(values[i] ?? null)],
  );
  const { csvPath } = await writeReport(outDir, { name: fileName, header, rows });
  return { csvPath, summary: summary(result, csvPath) };
}

function csvRow({ at }: BalancesAtResult, row: BalanceAt): string[] {
  const { bucket } = row;
  const amount = (raw: bigint | null): [string, string] => [
    raw === null || bucket.decimals === null ? '' : formatUnits(raw, bucket.decimals),
    raw?.toString() ?? '',
  ];
  return [
    at.utc,
    at.local,
    String(bucket.chainId),
    findChain(bucket.chainId)?.name ?? '',
    String(row.block),
    bucket.wallet,
    bucket.walletLabel,
    bucket.assetKind,
    bucket.asset,
    bucket.assetContract,
    bucket.tokenId,
    bucket.decimals === null ? '' : String(bucket.decimals),
    bucket.spam,
    ...amount(row.balance),
    ...amount(row.chainBalance),
    ...amount(row.difference),
    row.status,
    row.note,
  ];
}

function summary(result: BalancesAtResult, csvPath: string): string {
  const counted = result.rows.filter((row) => row.bucket.spam === '');
  const differs = counted.filter((row) => row.status === 'differs');
  // Wallets and chains apart: "4 wallets" once meant 2 wallets on 2 chains.
  const wallets = new Set(counted.map((row) => row.bucket.wallet)).size;
  const chains = new Set(counted.map((row) => row.bucket.chainId)).size;
  const check =
    result.check === 'off'
      ? 'not checked against the chain'
      : result.check === 'unavailable'
        ? `not checked against the chain: ${result.refusal}`
        : `checked against the chain: ${counted.filter((row) => row.status === 'match').length} match, ${differs.length} differ, ${counted.filter((row) => row.status === 'unchecked').length} unchecked`;
  const spam = result.rows.length - counted.length;
  return [
    `balances at ${result.at.local} (${result.at.utc}): ${counted.length} asset${counted.length === 1 ? '' : 's'} of ${wallets} wallet${wallets === 1 ? '' : 's'} on ${chains} chain${chains === 1 ? '' : 's'}; ${check}`,
    ...differs
      .slice(0, LISTED)
      .map(
        ({ bucket, balance, chainBalance, block }) =>
          `  DIFFERS chain ${bucket.chainId} ${bucket.walletLabel} ${bucket.asset || bucket.assetContract}: ledger ${balance} chain ${chainBalance} (base units, block ${block})`,
      ),
    ...(differs.length > LISTED ? [`  … and ${differs.length - LISTED} more in the file`] : []),
    ...(spam > 0 ? [`spam (listed apart, not checked): ${spam} asset${spam === 1 ? '' : 's'}`] : []),
    `statement: ${csvPath}`,
  ].join('\n');
}
