import type { Category } from './LedgerEntry.js';
import type { Movement } from './Movement.js';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/**
 * The category of each movement of one transaction (same order as given). First rule that applies:
 * genesis → own_transfer (the counterparty is another owned wallet) → trade (the wallet sent exactly one
 * asset and received exactly one other: a paid mint is a trade, so the tax tool pairs cost and
 * acquisition) → mint / burn (a token from / to the zero address) → transfer.
 */
export function categorise(movements: readonly Movement[], owned: ReadonlyMap<string, unknown>): Category[] {
  const categories: (Category | null)[] = [];
  const undecided: Movement[] = [];
  for (const movement of movements) {
    const early = earlyCategory(movement, owned);
    categories.push(early);
    if (early === null) undecided.push(movement);
  }
  const traded = tradingWallets(undecided);
  return movements.map((movement, index) => categories[index] ?? lateCategory(movement, traded));
}

function earlyCategory(movement: Movement, owned: ReadonlyMap<string, unknown>): Category | null {
  if (movement.genesis) return 'genesis';
  if (owned.has(movement.counterparty)) return 'own_transfer';
  return null;
}

function lateCategory(movement: Movement, traded: ReadonlySet<string>): Category {
  if (traded.has(movement.wallet)) return 'trade';
  if (movement.kind !== 'native' && movement.kind !== 'internal') {
    if (movement.direction === 'in' && movement.counterparty === ZERO_ADDRESS) return 'mint';
    if (movement.direction === 'out' && movement.counterparty === ZERO_ADDRESS) return 'burn';
  }
  return 'transfer';
}

const NO_TRADES: ReadonlySet<string> = new Set();

function tradingWallets(movements: readonly Movement[]): ReadonlySet<string> {
  // A trade needs an out and an in; most transactions have a single movement, and need no bookkeeping.
  if (movements.length < 2) return NO_TRADES;
  const sides = new Map<string, { out: Set<string>; in: Set<string> }>();
  for (const movement of movements) {
    let side = sides.get(movement.wallet);
    if (side === undefined) {
      side = { out: new Set(), in: new Set() };
      sides.set(movement.wallet, side);
    }
    side[movement.direction].add(assetKey(movement));
  }
  const traded = new Set<string>();
  for (const [wallet, side] of sides) {
    const [sent] = side.out;
    const [received] = side.in;
    if (side.out.size === 1 && side.in.size === 1 && sent !== received) traded.add(wallet);
  }
  return traded;
}

/** Native value sent in the tx and refunded by an internal call is the same asset. */
function assetKey(movement: Movement): string {
  return movement.assetContract === '' ? 'native' : `${movement.assetContract}#${movement.tokenId}`;
}
