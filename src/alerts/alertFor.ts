import { randomUUID } from 'node:crypto';
import { formatUnits } from '../ledger/money.js';
import type { SinceFiled } from '../filing/SinceFiled.js';
import type { ReconcileResult } from '../reconcile/reconcile.js';
import type { Alert } from './Alert.js';

/** The alert for a reconcile whose non-spam balances differ from the chain: every differing asset with its figures. */
export function reconcileAlert(subject: string, result: ReconcileResult, now: Date): Alert {
  const differing = result.buckets.filter((check) => check.status === 'differs' && check.bucket.spam === '');
  const amount = (raw: bigint | null, decimals: number | null): string | null =>
    raw === null ? null : decimals === null ? raw.toString() : formatUnits(raw, decimals);
  return {
    id: randomUUID(),
    kind: 'reconcile-differences',
    at: now.toISOString(),
    subject,
    summary: `${differing.length} asset balance${differing.length === 1 ? '' : 's'} differ${differing.length === 1 ? 's' : ''} from the chain`,
    details: {
      differences: differing.map(({ bucket, chainBalance, difference, syncedBlock, divergence, hint }) => ({
        chainId: bucket.chainId,
        wallet: bucket.wallet,
        walletLabel: bucket.walletLabel,
        asset: bucket.asset,
        assetContract: bucket.assetContract,
        ledger: amount(bucket.balance, bucket.decimals),
        chain: amount(chainBalance, bucket.decimals),
        difference: amount(difference, bucket.decimals),
        syncedBlock,
        firstDivergentBlock: divergence?.block ?? null,
        hint,
      })),
    },
  };
}

/** The alert for a run that stopped with an error; `message` must already be redacted. */
export function runFailedAlert(subject: string, command: string, message: string, exitCode: number, now: Date): Alert {
  return {
    id: randomUUID(),
    kind: 'run-failed',
    at: now.toISOString(),
    subject,
    summary: `${command} failed (exit ${exitCode})`,
    details: { command, exitCode, error: message },
  };
}

/** The alert for a closed period whose recalculation differs from what was filed: per file, rows added, removed, changed. */
export function changedSinceFiledAlert(subject: string, diff: SinceFiled, now: Date): Alert {
  const changed = diff.files.filter((file) => file.status !== 'same');
  return {
    id: randomUUID(),
    kind: 'changed-since-filed',
    at: now.toISOString(),
    subject,
    summary: `${changed.length} filed file${changed.length === 1 ? '' : 's'} of ${diff.record.label} would change`,
    details: {
      period: diff.record.label,
      closedAt: diff.record.closedAt,
      reasons: diff.reasons,
      files: changed.map((file) => ({
        file: file.file,
        status: file.status,
        added: file.changes.filter((change) => change.change === 'added').length,
        removed: file.changes.filter((change) => change.change === 'removed').length,
        changed: file.changes.filter((change) => change.change === 'changed').length,
      })),
      ledgerEntries:
        changed
          .find((file) => file.file === 'ledger.csv')
          ?.changes.map((change) => ({ change: change.change, entryId: change.key, txHash: change.row.tx_hash ?? '' })) ?? [],
    },
  };
}
