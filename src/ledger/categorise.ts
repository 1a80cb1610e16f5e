import type { ContextIndex } from './ContextIndex.js';
import type { Category } from './LedgerEntry.js';
import type { Movement } from './Movement.js';

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** A movement's category and the note its rule adds ('' when none). */
export interface Classified {
  category: Category;
  note: string;
}

/**
 * The category of each movement of one transaction (same order as given). First rule that applies:
 * genesis → own_transfer (the counterparty is another owned wallet) → bridge (the counterparty is a canonical
 * bridge) → wrap / unwrap (native coin to / from the chain's wrapped-native contract against its token) → the
 * wallet's remaining movements, netted per asset (an asset sent and partly returned is one side, the return
 * noted `refund`): something sent and something else received is `liquidity_add` (two or more assets for one
 * freshly minted token), `liquidity_remove` (one token returned to its contract or burnt for two or more
 * assets) or else `trade` (one or many on each side: a swap, a multi-hop swap as the wallet sees it, a batch,
 * a paid mint) → mint / burn (a token from / to the zero address) → transfer.
 */
export function categorise(movements: readonly Movement[], index: ContextIndex, owned: ReadonlyMap<string, unknown>): Classified[] {
  // Most transactions move one asset: no netting, wrap or exchange rule can apply, so no bookkeeping either.
  if (movements.length === 1) {
    const movement = movements[0] as Movement;
    return [earlyCategory(movement, index, owned) ?? SINGLE[singleCategory(movement)]];
  }
  const classified: (Classified | null)[] = [];
  const undecided = new Map<string, number[]>();
  for (let i = 0; i < movements.length; i += 1) {
    const movement = movements[i] as Movement;
    const early = earlyCategory(movement, index, owned);
    classified.push(early);
    if (early !== null) continue;
    const list = undecided.get(movement.wallet);
    if (list === undefined) undecided.set(movement.wallet, [i]);
    else list.push(i);
  }
  for (const indexes of undecided.values()) classifyWallet(movements, indexes, index, classified);
  return classified as Classified[];
}

const GENESIS: Classified = { category: 'genesis', note: '' };
const SINGLE: Readonly<Record<'mint' | 'burn' | 'transfer', Classified>> = {
  mint: { category: 'mint', note: '' },
  burn: { category: 'burn', note: '' },
  transfer: { category: 'transfer', note: '' },
};
const OWN_TRANSFER: Classified = { category: 'own_transfer', note: '' };
const BRIDGE: Classified = { category: 'bridge', note: 'bridge_unmatched' };

function earlyCategory(movement: Movement, index: ContextIndex, owned: ReadonlyMap<string, unknown>): Classified | null {
  if (movement.genesis) return GENESIS;
  if (owned.has(movement.counterparty)) return OWN_TRANSFER;
  if (index.bridges.has(movement.counterparty)) return BRIDGE;
  return null;
}

/** One wallet's movements that no early rule took; most transactions have a single one. */
function classifyWallet(movements: readonly Movement[], indexes: number[], index: ContextIndex, classified: (Classified | null)[]): void {
  const rest = indexes.length < 2 ? indexes : withoutWraps(movements, indexes, index, classified);
  if (rest.length === 0) return;
  const sides = rest.length < 2 ? null : nettedSides(movements, rest);
  if (sides !== null && sides.sent.size > 0 && sides.received.size > 0) {
    const category = exchangeCategory(movements, rest, sides);
    for (const i of rest) classified[i] = { category, note: sides.notes.get(i) ?? '' };
    return;
  }
  for (const i of rest) {
    const category = singleCategory(movements[i] as Movement);
    const note = sides?.notes.get(i);
    classified[i] = note === undefined ? SINGLE[category] : { category, note };
  }
}

/** Marks wraps and unwraps against the chain's wrapped-native contract and returns the other movements. */
function withoutWraps(movements: readonly Movement[], indexes: number[], index: ContextIndex, classified: (Classified | null)[]): number[] {
  const wrapped = index.wrapped;
  if (wrapped === undefined) return indexes;
  const legs = { wrap: [] as number[], unwrap: [] as number[] };
  let nativeOut = false;
  let nativeIn = false;
  let tokenIn = false;
  let tokenOut = false;
  for (const i of indexes) {
    const movement = movements[i] as Movement;
    if (movement.assetContract === '' && movement.counterparty === wrapped.address) {
      if (movement.direction === 'out') nativeOut = true;
      else nativeIn = true;
      legs[movement.direction === 'out' ? 'wrap' : 'unwrap'].push(i);
    } else if (movement.assetContract === wrapped.address) {
      if (movement.direction === 'in') tokenIn = true;
      else tokenOut = true;
      legs[movement.direction === 'in' ? 'wrap' : 'unwrap'].push(i);
    }
  }
  const taken = new Set<number>();
  for (const [category, both] of [
    ['wrap', nativeOut && tokenIn],
    ['unwrap', nativeIn && tokenOut],
  ] as const) {
    if (!both) continue;
    for (const i of legs[category]) {
      classified[i] = { category, note: '' };
      taken.add(i);
    }
  }
  return taken.size === 0 ? indexes : indexes.filter((i) => !taken.has(i));
}

interface Sides {
  /** Assets with more sent than received, and the reverse. */
  sent: Set<string>;
  received: Set<string>;
  /** `refund` on what came back of an asset the wallet sent; `netted` on what it sent of one it got more of. */
  notes: Map<number, string>;
}

function nettedSides(movements: readonly Movement[], indexes: number[]): Sides {
  const totals = new Map<string, { out: bigint; in: bigint; legs: number[] }>();
  for (const i of indexes) {
    const movement = movements[i] as Movement;
    const key = assetKey(movement);
    let total = totals.get(key);
    if (total === undefined) totals.set(key, (total = { out: 0n, in: 0n, legs: [] }));
    total[movement.direction] += movement.amountRaw;
    total.legs.push(i);
  }
  const sides: Sides = { sent: new Set(), received: new Set(), notes: new Map() };
  for (const [key, total] of totals) {
    if (total.out > total.in) sides.sent.add(key);
    else if (total.in > total.out) sides.received.add(key);
    if (total.out === 0n || total.in === 0n) continue;
    const minority = total.out >= total.in ? 'in' : 'out';
    for (const i of total.legs) {
      if ((movements[i] as Movement).direction === minority) sides.notes.set(i, minority === 'in' ? 'refund' : 'netted');
    }
  }
  return sides;
}

function exchangeCategory(movements: readonly Movement[], indexes: number[], sides: Sides): Category {
  const legsOf = (key: string): Movement[] => indexes.map((i) => movements[i] as Movement).filter((m) => assetKey(m) === key);
  if (sides.sent.size >= 2 && sides.received.size === 1) {
    const [lp] = sides.received;
    if (legsOf(lp as string).every((m) => m.direction === 'out' || m.counterparty === ZERO_ADDRESS)) return 'liquidity_add';
  }
  if (sides.received.size >= 2 && sides.sent.size === 1) {
    const [lp] = sides.sent;
    const returned = (m: Movement): boolean => m.counterparty === ZERO_ADDRESS || m.counterparty === m.assetContract;
    if (legsOf(lp as string).every((m) => m.direction === 'in' || returned(m))) return 'liquidity_remove';
  }
  return 'trade';
}

function singleCategory(movement: Movement): 'mint' | 'burn' | 'transfer' {
  if (movement.kind !== 'native' && movement.kind !== 'internal') {
    if (movement.direction === 'in' && movement.counterparty === ZERO_ADDRESS) return 'mint';
    if (movement.direction === 'out' && movement.counterparty === ZERO_ADDRESS) return 'burn';
  }
  return 'transfer';
}

/** Native value sent in the tx and refunded by an internal call is the same asset. */
function assetKey(movement: Movement): string {
  return movement.assetContract === '' ? 'native' : `${movement.assetContract}#${movement.tokenId}`;
}
