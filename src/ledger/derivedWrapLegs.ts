import type { Movement } from './Movement.js';
import type { WrappedNative } from './wrappedNative.js';

const DERIVED_NOTES: readonly string[] = ['derived_from_call'];

/**
 * The wrapped-token legs of one wallet's wraps and unwraps that no list shows. WETH9 and its copies mint on
 * `deposit()` (or plain ether sent to them) and burn on `withdraw(wad)` without a `Transfer` event, so `tokentx`
 * may lack the leg and the token would never reconcile. Native coin paid to the contract mints the same amount;
 * native coin paid by the contract (only ever to the `withdraw` caller) burnt the same amount. A direction the
 * token list already covers (Arbitrum's WETH emits `Transfer`) is left alone, so nothing counts twice.
 */
export function derivedWrapLegs(movements: readonly Movement[], wrapped: WrappedNative): Movement[] {
  let listedIn = false;
  let listedOut = false;
  for (const movement of movements) {
    if (movement.assetContract !== wrapped.address) continue;
    if (movement.direction === 'in') listedIn = true;
    else listedOut = true;
  }
  const derived: Movement[] = [];
  for (const movement of movements) {
    if (movement.assetContract !== '' || movement.counterparty !== wrapped.address) continue;
    const minted = movement.direction === 'out';
    if (minted ? listedIn : listedOut) continue;
    derived.push({
      wallet: movement.wallet,
      direction: minted ? 'in' : 'out',
      kind: 'erc20',
      asset: wrapped.symbol,
      assetContract: wrapped.address,
      tokenId: '',
      amountRaw: movement.amountRaw,
      decimals: wrapped.decimals,
      counterparty: wrapped.address,
      tokenName: wrapped.name,
      stream: movement.stream,
      ref: movement.ref,
      genesis: false,
      derived: true,
      notes: DERIVED_NOTES,
    });
  }
  return derived;
}
