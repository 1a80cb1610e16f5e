import { findChain } from '../chains/chains.js';
import { formatUnits } from '../ledger/money.js';
import type { BucketResult, ReconcileResult } from './reconcile.js';

/** Differences listed one per line before the rest is left to the report files. */
const LISTED = 10;

const HISTORICAL_NOTE: Readonly<Record<ReconcileResult['historical'], string>> = {
  off: 'historical balances not asked for: hints come from the sign of the difference',
  'not-needed': '',
  used: '',
  unavailable: 'historical balances unavailable: hints come from the sign of the difference',
};

/**
 * A few lines for stdout: the counts, each difference with its asset and hint, spam apart, each balance
 * action the API refused (once per chain), and where the full report is. Meant for a cron mail, so it names everything needed to start looking.
 */
export function reconcileSummary(result: ReconcileResult, files: readonly string[]): string {
  const counted = result.buckets.filter((row) => row.bucket.spam === '');
  const spam = result.buckets.filter((row) => row.bucket.spam !== '');
  const differs = counted.filter((row) => row.status === 'differs');
  const refused = counted.filter((row) => row.status === 'no-chain-balance' && !isNft(row));
  const blocks = [...result.syncedBlockByChain].map(([chainId, block]) => `chain ${chainId} block ${block}`).join(', ');
  const lines = [
    `reconcile: ${count(counted.length, 'asset')} (synced to ${blocks === '' ? 'nothing' : blocks}): ` +
      [
        `${counted.filter((row) => row.status === 'match').length} match`,
        `${differs.length} differ`,
        `${count(counted.filter((row) => row.status === 'no-chain-balance' && isNft(row)).length, 'NFT')} without a chain balance`,
        ...(refused.length === 0 ? [] : [`${count(refused.length, 'other asset')} without one (balance action unavailable)`]),
      ].join(', '),
    ...differs.slice(0, LISTED).map((row) => `  DIFFERS ${describe(row)}`),
  ];
  if (differs.length > LISTED) lines.push(`  … and ${differs.length - LISTED} more in the report`);
  if (spam.length > 0) {
    const spamDiffers = spam.filter((row) => row.status === 'differs').length;
    lines.push(`spam (listed apart, not counted): ${count(spam.length, 'asset')}, ${spamDiffers} differ`);
  }
  for (const { feature, chainId, reason } of result.unavailable) {
    lines.push(`unavailable: ${feature} on ${findChain(chainId)?.name ?? `chain ${chainId}`} (${reason})`);
  }
  const note = HISTORICAL_NOTE[result.historical];
  if (note !== '' && differs.length > 0) lines.push(note);
  if (files.length > 0) lines.push(`report: ${files.join(', ')}`);
  return lines.join('\n');
}

function describe(row: BucketResult): string {
  const { bucket } = row;
  const chain = findChain(bucket.chainId)?.name ?? `chain ${bucket.chainId}`;
  const label = bucket.walletLabel === '' ? '' : ` (${bucket.walletLabel})`;
  const asset = [bucket.asset === '' ? '?' : bucket.asset, bucket.assetContract, bucket.tokenId === '' ? '' : `#${bucket.tokenId}`]
    .filter((part) => part !== '')
    .join(' ');
  const amount = (raw: bigint | null): string =>
    raw === null ? '' : bucket.decimals === null ? `${raw} base units` : formatUnits(raw, bucket.decimals);
  return (
    `${chain} ${bucket.wallet}${label} ${asset}: ledger ${amount(bucket.balance)}, chain ${amount(row.chainBalance)}, ` +
    `difference ${amount(row.difference)}; ${row.hint}`
  );
}

function isNft(row: BucketResult): boolean {
  return row.bucket.assetKind === 'erc721' || row.bucket.assetKind === 'erc1155';
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
