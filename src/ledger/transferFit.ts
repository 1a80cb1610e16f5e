import type { LedgerEntry } from './LedgerEntry.js';
import { Decimal } from './money.js';
import { BRIDGE_WINDOW_SECONDS } from './pairBridges.js';

/** Of what left, the share that may be missing on arrival and still read as a fee: a bridge's or an exchange's is well under it. */
export const FEE_SHARE = 0.05;

/** What the rule of a transfer between own wallets reads of a leg. */
export type TransferLeg = Pick<
  LedgerEntry,
  'entryId' | 'timestamp' | 'chainId' | 'direction' | 'asset' | 'assetContract' | 'tokenId' | 'decimals' | 'amount'
>;

/**
 * Why a leg that left and a leg that arrived cannot be one transfer between own wallets, or `undefined` when they can:
 * one asset (on two chains, its bridged twin: the native coin of the same symbol, or a token of the same symbol and
 * decimals, as `pairBridges` pairs them); arriving after leaving, within `windowSeconds` (at most the bridge window);
 * never more arriving than left, nor less than half. The one rule of a pair ticked by hand and of a suggested one.
 */
export function transferMisfit(sent: TransferLeg, arrived: TransferLeg, windowSeconds = BRIDGE_WINDOW_SECONDS): string | undefined {
  if (!sameAssetOrTwin(sent, arrived)) return 'they are different assets';
  const elapsed = arrived.timestamp - sent.timestamp;
  if (elapsed < 0) return `it arrived ${duration(-elapsed)} before it left`;
  if (elapsed > BRIDGE_WINDOW_SECONDS)
    return `it arrived ${duration(elapsed)} after it left, longer than a bridge takes (${duration(BRIDGE_WINDOW_SECONDS)})`;
  if (elapsed > windowSeconds) return `it arrived ${duration(elapsed)} after it left, longer than the window (${duration(windowSeconds)})`;
  const out = new Decimal(sent.amount);
  const got = new Decimal(arrived.amount);
  if (got.gt(out)) return 'more arrived than left';
  if (got.lt(out.div(2))) return 'less than half of what left arrived, which no fee explains';
  return undefined;
}

/** The same asset on one chain; on two, its bridged twin: the L2 copy of a token has another address, so symbol and decimals stand for it. */
export function sameAssetOrTwin(sent: TransferLeg, arrived: TransferLeg): boolean {
  if (sent.chainId === arrived.chainId) return sent.assetContract === arrived.assetContract && sent.tokenId === arrived.tokenId;
  return (
    (sent.assetContract === '') === (arrived.assetContract === '') &&
    sent.asset !== '' &&
    sent.asset === arrived.asset &&
    sent.decimals === arrived.decimals
  );
}

/** Seconds as people say them: minutes, hours, days. */
export function duration(seconds: number): string {
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 2 * 24 * 3600) return `${Math.round(seconds / 360) / 10} h`;
  return `${Math.round(seconds / 8640) / 10} days`;
}
