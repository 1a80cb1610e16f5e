import type { Category, LedgerEntry } from '../ledger/LedgerEntry.js';
import type { Template } from './Template.js';
import type { Leg, ViewRow } from './ViewRow.js';
import { assetKey, legOf } from './ViewRow.js';
import type { WalletTransaction } from './WalletTransaction.js';

/** When a row pairs two legs of different categories, the more telling one names the row. */
const categoryRank: readonly Category[] = ['failed_fee', 'trade', 'mint', 'burn', 'own_transfer', 'genesis', 'transfer', 'fee'];

/**
 * Rows for one wallet's part of one transaction:
 * - movements of the same asset are summed per side, then netted between sides (a self-send or a refund
 *   inside one transaction is not a trade), so no two rows of a transaction carry the same asset;
 * - the i-th sent asset is paired with the i-th received asset; left-overs become one-sided rows, so a
 *   multi-asset swap never loses an amount;
 * - the fee (summed) is placed once, as the template says; a failed transaction becomes one fee row.
 */
export function transactionRows(tx: WalletTransaction, template: Template): ViewRow[] {
  const first = tx.entries[0] as LedgerEntry;
  const sent = new Map<string, Leg>();
  const received = new Map<string, Leg>();
  let fee: Leg | null = null;
  let failed = false;
  for (const entry of tx.entries) {
    if (entry.kind === 'fee') {
      failed ||= entry.category === 'failed_fee' || entry.status === 'failed';
      if (fee === null) fee = legOf(entry);
      else fee.amountRaw += entry.amountRaw;
      continue;
    }
    const side = entry.direction === 'out' ? sent : received;
    const key = assetKey(legOf(entry));
    const existing = side.get(key);
    if (existing === undefined) side.set(key, legOf(entry));
    else existing.amountRaw += entry.amountRaw;
  }
  net(sent, received);
  const base = {
    timestamp: first.timestamp,
    chainId: tx.chainId,
    blockNumber: first.blockNumber,
    txHash: tx.txHash,
    wallet: tx.wallet,
    walletLabel: first.walletLabel,
    counterparty: first.counterparty,
    counterpartyLabel: first.counterpartyLabel,
    method: first.method,
    entry: null,
  };
  const rowId = (suffix: string): string => `${tx.chainId}:${tx.txHash}:${tx.wallet}:${suffix}`;
  const sentLegs = [...sent.values()];
  const receivedLegs = [...received.values()];
  const rows: ViewRow[] = [];
  for (let i = 0; i < Math.max(sentLegs.length, receivedLegs.length); i += 1) {
    const out = sentLegs[i] ?? null;
    const into = receivedLegs[i] ?? null;
    rows.push({
      ...base,
      shape: out !== null && into !== null ? 'exchange' : out !== null ? 'out' : 'in',
      category: rowCategory(out, into),
      failed: false,
      spam: into?.spam || out?.spam || '',
      sent: out,
      received: into,
      fee: null,
      rowId: rowId(String(i + 1)),
    });
  }
  if (fee === null) return rows;
  const feeRow = (): ViewRow => ({
    ...base,
    shape: 'fee',
    category: failed ? 'failed_fee' : 'fee',
    failed,
    spam: '',
    sent: failed && template.failed === 'fee-columns' ? null : fee,
    received: null,
    fee: failed && template.failed === 'fee-columns' ? fee : null,
    rowId: rowId('fee'),
  });
  if (failed || template.fee.placement === 'row' || rows.length === 0) {
    rows.push(feeRow());
    return rows;
  }
  if (template.fee.placement === 'inside') {
    const target = rows.find((row) => row.sent !== null && assetKey(row.sent) === 'native');
    if (target === undefined || target.sent === null) rows.push(feeRow());
    else {
      target.sent = { ...target.sent, amountRaw: target.sent.amountRaw + fee.amountRaw };
      target.fee = fee;
    }
    return rows;
  }
  const separate = template.fee.separateWhen;
  const target = separate.includes('no-sent') ? rows.find((row) => row.sent !== null) : rows[0];
  if (target === undefined || (separate.includes('same-currency') && target.sent !== null && assetKey(target.sent) === 'native')) {
    rows.push(feeRow());
  } else {
    target.fee = fee;
  }
  return rows;
}

function net(sent: Map<string, Leg>, received: Map<string, Leg>): void {
  for (const [key, out] of sent) {
    const into = received.get(key);
    if (into === undefined) continue;
    const common = out.amountRaw < into.amountRaw ? out.amountRaw : into.amountRaw;
    out.amountRaw -= common;
    into.amountRaw -= common;
    if (out.amountRaw === 0n) sent.delete(key);
    if (into.amountRaw === 0n) received.delete(key);
  }
}

function rowCategory(out: Leg | null, into: Leg | null): Category {
  const candidates = [out?.category, into?.category].filter((c): c is Category => c !== undefined);
  for (const category of categoryRank) if (candidates.includes(category)) return category;
  return candidates[0] ?? 'transfer';
}
