import type { DisposeEvent } from '../../src/costbasis/BasisEvent.js';
import { MONEY_PLACES } from '../../src/costbasis/scaledMoney.js';

/** One unit of the book's currency as `Money`. */
export const UNIT = 10n ** BigInt(MONEY_PLACES);

/** A trade disposing of 3 wei of ETH for 30 units, the disposal the gain sinks' tests start their rows with. */
export function disposeEvent(entryId: string, flags: string[] = []): DisposeEvent {
  return {
    phase: 1,
    entryId,
    order: 0,
    txHash: `0x${entryId}`,
    timestamp: 1_700_000_000,
    holding: { wallet: '0xw', chainId: 1, asset: 'ETH', assetContract: '', decimals: 18 },
    quantity: 3n,
    flags,
    type: 'dispose',
    kind: 'trade',
    proceeds: 30n * UNIT,
    sellingCosts: 0n,
  };
}
