import { ACCOUNTANT_CATEGORIES } from '../ledger/accountantCategories.js';
import type { Category, LedgerEntry } from '../ledger/LedgerEntry.js';
import type { Template } from './Template.js';
import type { Leg, ViewRow } from './ViewRow.js';
import { assetKey, legOf } from './ViewRow.js';
import type { WalletTransaction } from './WalletTransaction.js';

/** Told each amount netting takes off both sides of one asset (for the tie-out). */
export type OnNetted = (leg: Leg, wallet: string, amount: bigint) => void;

/** When a row pairs two legs of different categories, the more telling one names the row: a user's category first. */
const categoryRank: readonly Category[] = [
  'failed_fee',
  ...ACCOUNTANT_CATEGORIES,
  'liquidity_add',
  'liquidity_remove',
  'wrap',
  'unwrap',
  'bridge',
  'trade',
  'mint',
  'burn',
  'own_transfer',
  'genesis',
  'transfer',
  'fee',
];

/**
 * Rows for one wallet's part of one transaction:
 * - movements of the same asset are summed per side, then netted between sides (a self-send or a refund
 *   inside one transaction is not a trade), so no two rows of a transaction carry the same asset;
 * - the i-th sent asset is paired with the i-th received asset; left-overs become one-sided rows, so a
 *   multi-asset swap never loses an amount; a transaction of a category the template lists as `unpaired`
 *   (liquidity moves) gets one row per asset instead, each naming the pool token;
 * - the fee (summed) is placed once, as the template says; a failed transaction becomes one fee row.
 * Written as plain loops: it runs once per transaction of a million-entry export.
 */
export function transactionRows(tx: WalletTransaction, template: Template, onNetted?: OnNetted): ViewRow[] {
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
    const leg = legOf(entry);
    const key = assetKey(leg);
    const existing = side.get(key);
    if (existing === undefined) side.set(key, leg);
    else existing.amountRaw += entry.amountRaw;
  }
  if (sent.size > 0 && received.size > 0) net(sent, received, (leg, amount) => onNetted?.(leg, tx.wallet, amount));
  const first = tx.entries[0] as LedgerEntry;
  const sentLegs = [...sent.values()];
  const receivedLegs = [...received.values()];
  const rows: ViewRow[] = [];
  const unpaired = isUnpaired(sentLegs, receivedLegs, template);
  const pool = unpaired ? poolLeg(sentLegs, receivedLegs) : null;
  const count = unpaired ? sentLegs.length + receivedLegs.length : Math.max(sentLegs.length, receivedLegs.length);
  for (let i = 0; i < count; i += 1) {
    const out = sentLegs[i] ?? null;
    const into = unpaired ? (i < sentLegs.length ? null : (receivedLegs[i - sentLegs.length] ?? null)) : (receivedLegs[i] ?? null);
    const row = baseRow(tx, first, String(i + 1));
    row.shape = out !== null && into !== null ? 'exchange' : out !== null ? 'out' : 'in';
    row.category = rowCategory(out, into);
    row.spam = into?.spam || out?.spam || '';
    row.sent = out;
    row.received = into;
    row.pool = pool;
    rows.push(row);
  }
  if (fee !== null) placeFee(rows, tx, first, fee, failed, template);
  return rows;
}

function placeFee(rows: ViewRow[], tx: WalletTransaction, first: LedgerEntry, fee: Leg, failed: boolean, template: Template): void {
  const placement = template.fee.placement;
  let target: ViewRow | undefined;
  if (!failed && placement === 'inside') {
    target = firstSending(rows, true);
    if (target !== undefined && target.sent !== null) {
      target.sent = { ...target.sent, amountRaw: target.sent.amountRaw + fee.amountRaw };
      target.fee = fee;
      return;
    }
  } else if (!failed && placement === 'columns') {
    const separate = template.fee.separateWhen;
    target = separate.includes('no-sent') ? firstSending(rows, false) : rows[0];
    const sameCurrency =
      separate.includes('same-currency') && target !== undefined && target.sent !== null && assetKey(target.sent) === 'native';
    if (target !== undefined && !sameCurrency) {
      target.fee = fee;
      return;
    }
  }
  const row = baseRow(tx, first, 'fee');
  row.shape = 'fee';
  row.category = failed ? 'failed_fee' : 'fee';
  row.failed = failed;
  const inFeeColumns = failed && template.failed === 'fee-columns';
  row.sent = inFeeColumns ? null : fee;
  row.fee = inFeeColumns ? fee : null;
  rows.push(row);
}

function firstSending(rows: readonly ViewRow[], nativeOnly: boolean): ViewRow | undefined {
  for (const row of rows) if (row.sent !== null && (!nativeOnly || assetKey(row.sent) === 'native')) return row;
  return undefined;
}

function baseRow(tx: WalletTransaction, first: LedgerEntry, suffix: string): ViewRow {
  return {
    timestamp: first.timestamp,
    chainId: tx.chainId,
    blockNumber: first.blockNumber,
    txHash: tx.txHash,
    wallet: tx.wallet,
    walletLabel: first.walletLabel,
    counterparty: first.counterparty,
    counterpartyLabel: first.counterpartyLabel,
    method: first.method,
    shape: 'in',
    category: 'transfer',
    failed: false,
    spam: '',
    sent: null,
    received: null,
    fee: null,
    pool: null,
    rowId: `${tx.chainId}:${tx.txHash}:${tx.wallet}:${suffix}`,
    entry: null,
    balance: null,
  };
}

function isUnpaired(sent: readonly Leg[], received: readonly Leg[], template: Template): boolean {
  if (template.unpaired.length === 0) return false;
  for (const leg of sent) if (template.unpaired.includes(leg.category)) return true;
  for (const leg of received) if (template.unpaired.includes(leg.category)) return true;
  return false;
}

/** The pool token: the one asset received for several (a liquidity add) or sent for several (a remove). */
function poolLeg(sent: readonly Leg[], received: readonly Leg[]): Leg | null {
  if (received.length === 1 && received[0]?.category === 'liquidity_add') return received[0];
  if (sent.length === 1 && sent[0]?.category === 'liquidity_remove') return sent[0];
  return null;
}

function net(sent: Map<string, Leg>, received: Map<string, Leg>, netted: (leg: Leg, amount: bigint) => void): void {
  for (const [key, out] of sent) {
    const into = received.get(key);
    if (into === undefined) continue;
    const common = out.amountRaw < into.amountRaw ? out.amountRaw : into.amountRaw;
    netted(out, common);
    out.amountRaw -= common;
    into.amountRaw -= common;
    if (out.amountRaw === 0n) sent.delete(key);
    if (into.amountRaw === 0n) received.delete(key);
  }
}

function rowCategory(out: Leg | null, into: Leg | null): Category {
  if (out === null) return (into as Leg).category;
  if (into === null || out.category === into.category) return out.category;
  return categoryRank.indexOf(out.category) <= categoryRank.indexOf(into.category) ? out.category : into.category;
}
