import type { Holding } from './Holdings.js';
import type { BalanceMark, ViewRow } from './ViewRow.js';

/**
 * A row stating a holding instead of a movement: at the period start (`opening`, a positive balance is money
 * in) or end (`closing`, the balance leaves the period's books). It has no transaction: `timestamp` is the
 * period boundary it belongs to.
 */
export function balanceRow(holding: Holding, mark: BalanceMark, timestamp: number): ViewRow {
  const signed = mark.kind === 'opening' ? holding.balance : -holding.balance;
  const leg = { ...holding.leg, amountRaw: signed < 0n ? -signed : signed };
  const shape = signed < 0n ? 'out' : 'in';
  return {
    timestamp,
    chainId: holding.chainId,
    blockNumber: mark.block,
    txHash: '',
    wallet: holding.wallet,
    walletLabel: holding.walletLabel,
    counterparty: '',
    counterpartyLabel: '',
    method: '',
    shape,
    category: 'transfer',
    failed: false,
    spam: holding.leg.spam,
    sent: shape === 'out' ? leg : null,
    received: shape === 'in' ? leg : null,
    fee: null,
    pool: null,
    rowId: `${holding.chainId}:${mark.kind}:${holding.wallet}:${holding.leg.assetContract || 'native'}`,
    entry: null,
    balance: mark,
  };
}

/** What a balance row says in a description or memo. */
export function balanceText(mark: BalanceMark): string {
  return `${mark.kind} balance computed from the full history at block ${mark.block}`;
}
