import { findChain } from '../chains/chains.js';
import type { LedgerEntry } from './LedgerEntry.js';
import { Decimal } from './money.js';
import { BRIDGE_WINDOW_SECONDS, UNMATCHED_NOTE } from './pairBridges.js';
import { duration, FEE_SHARE, transferMisfit, type TransferLeg } from './transferFit.js';

/** What the matcher reads of a leg of the book's ledger. */
export type CandidateLeg = TransferLeg &
  Pick<LedgerEntry, 'txHash' | 'wallet' | 'walletLabel' | 'counterparty' | 'counterpartyLabel' | 'category' | 'note' | 'spam'>;

/** Two legs that look like one transfer between own wallets, with why, best first. */
export interface TransferSuggestion {
  /** Stable across refreshes: the two entry ids, so a dismissal outlives the table. */
  id: string;
  sent: string;
  arrived: string;
  score: number;
  reason: string;
}

export interface SuggestOptions {
  /** The book's wallets (lowercase), on any chain. */
  owned: ReadonlySet<string>;
  /** The longest from leaving to arriving the user accepts; at most, and by default, the bridge window. */
  windowSeconds?: number;
  /** Pair ids (`suggestionId`) the user dismissed: never suggested again. */
  dismissed?: ReadonlySet<string>;
}

/** A known exchange or bridge in a counterparty's label (the book's own labels or the explorer's name tags). */
const EXCHANGE = /exchange|deposit|binance|coinbase|kraken|bitstamp|okx|bybit|gemini|bitfinex|kucoin/i;
const BRIDGE = /bridge|relay|across|stargate|hop protocol|synapse|celer|wormhole|layerzero/i;
/** A different chain within this long, with next to nothing missing, is how a fast bridge looks when no label says so. */
const FAST_SECONDS = 3600;
const FAST_SHARE = 0.01;

export function suggestionId(sent: string, arrived: string): string {
  return `${sent}.${arrived}`;
}

/**
 * Pairs of legs the ledger left apart that look like one transfer between own wallets or a bridge: an outgoing and a
 * later incoming leg that `transferMisfit` finds no reason against (the rule a pair ticked by hand is checked by),
 * with no more than a fee (`FEE_SHARE`) missing, within the window, and at least one sign that they belong together
 * (a book wallet named as counterparty, a bridge or an exchange on either side, one transaction, or a quick arrival
 * of next to everything on another chain, the more so in the same wallet). Only plain transfers and unmatched bridge legs take part: own
 * transfers, paired bridges, spam and legs a rule set are left alone. Each leg is in one suggestion at most, the
 * best first; a dismissed pair is never suggested and does not hold its legs back from another.
 */
export function suggestTransfers(legs: Iterable<CandidateLeg>, options: SuggestOptions): TransferSuggestion[] {
  const window = Math.min(options.windowSeconds ?? BRIDGE_WINDOW_SECONDS, BRIDGE_WINDOW_SECONDS);
  const sent: CandidateLeg[] = [];
  const arrivals = new Map<string, CandidateLeg[]>();
  for (const leg of legs) {
    if (!open(leg)) continue;
    if (leg.direction === 'out') sent.push(leg);
    else {
      const list = arrivals.get(assetKey(leg));
      if (list === undefined) arrivals.set(assetKey(leg), [leg]);
      else list.push(leg);
    }
  }
  // Each asset's arrivals in time order: a leg out looks only at those inside its window.
  for (const list of arrivals.values()) list.sort((a, b) => a.timestamp - b.timestamp);
  const found: TransferSuggestion[] = [];
  // Amounts as doubles, read once: most pairs in a window are far apart in amount, and a double says so without a decimal.
  const approx = new Map<CandidateLeg, number>();
  for (const leg of [...sent, ...[...arrivals.values()].flat()]) approx.set(leg, Number(leg.amount));
  for (const out of sent) {
    const list = arrivals.get(assetKey(out)) ?? [];
    const most = (approx.get(out) ?? 0) * (1 + 1e-9);
    const least = (approx.get(out) ?? 0) * (1 - FEE_SHARE - 1e-9);
    for (let i = firstAtOrAfter(list, out.timestamp); i < list.length; i += 1) {
      const arrived = list[i] as CandidateLeg;
      const elapsed = arrived.timestamp - out.timestamp;
      if (elapsed > window) break;
      const amount = approx.get(arrived) ?? 0;
      if (amount > most || amount < least || arrived.entryId === out.entryId) continue;
      const signs = signsOf(out, arrived, options.owned, 1 - amount / (approx.get(out) ?? 1));
      if (signs.length === 0) continue;
      const id = suggestionId(out.entryId, arrived.entryId);
      if (options.dismissed?.has(id) === true || transferMisfit(out, arrived, window) !== undefined) continue;
      const suggestion = judged(id, out, arrived, signs);
      if (suggestion !== undefined) found.push(suggestion);
    }
  }
  found.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  const taken = new Set<string>();
  return found.filter((one) => {
    if (taken.has(one.sent) || taken.has(one.arrived)) return false;
    taken.add(one.sent);
    taken.add(one.arrived);
    return true;
  });
}

/** The index of the first leg at or after `time` in a list in time order. */
function firstAtOrAfter(list: readonly CandidateLeg[], time: number): number {
  let [low, high] = [0, list.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle] as CandidateLeg).timestamp < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A leg no one has paired or decided on yet. */
function open(leg: CandidateLeg): boolean {
  if (leg.spam !== '' || leg.note.split(' ').some((word) => word.startsWith('rule:'))) return false;
  return leg.category === 'transfer' || (leg.category === 'bridge' && leg.note.split(' ').includes(UNMATCHED_NOTE));
}

/** Legs of one asset or its twin share a key: the twin's contract differs, its symbol and decimals do not. */
function assetKey(leg: TransferLeg): string {
  return leg.assetContract === '' ? `native:${leg.asset}` : `token:${leg.asset}:${leg.decimals ?? ''}`;
}

/**
 * What ties a leg out to a leg in, each sign with its weight: a book wallet named, one transaction, a bridge or an
 * exchange on either side, or (`short`, the share missing, as a double) next to everything arriving at once elsewhere.
 */
function signsOf(out: CandidateLeg, arrived: CandidateLeg, owned: ReadonlySet<string>, short: number): [number, string][] {
  const crossChain = out.chainId !== arrived.chainId;
  const signs: [number, string][] = [];
  if (owned.has(out.counterparty)) signs.push([5, `sent to ${out.counterpartyLabel || out.counterparty}, a wallet of the book`]);
  if (owned.has(arrived.counterparty))
    signs.push([5, `received from ${arrived.counterpartyLabel || arrived.counterparty}, a wallet of the book`]);
  if (!crossChain && out.txHash === arrived.txHash) signs.push([5, 'one transaction']);
  if (out.category === 'bridge' || BRIDGE.test(out.counterpartyLabel))
    signs.push([3, `sent to a bridge (${out.counterpartyLabel || out.counterparty})`]);
  if (arrived.category === 'bridge' || BRIDGE.test(arrived.counterpartyLabel))
    signs.push([3, `received from a bridge (${arrived.counterpartyLabel || arrived.counterparty})`]);
  if (EXCHANGE.test(out.counterpartyLabel)) signs.push([3, `sent to ${out.counterpartyLabel}, an exchange deposit`]);
  if (EXCHANGE.test(arrived.counterpartyLabel)) signs.push([2, `withdrawn from ${arrived.counterpartyLabel}`]);
  // A bridge with no label: only a quick arrival of next to everything tells it from two unrelated moves.
  if (crossChain && arrived.timestamp - out.timestamp <= FAST_SECONDS && short <= FAST_SHARE)
    signs.push(out.wallet === arrived.wallet ? [4, 'the same wallet on another chain, at once'] : [2, 'a fast arrival on another chain']);
  return signs;
}

/** The pair scored with its signs and its reason, or `undefined` when more than a fee is missing (exactly). */
function judged(id: string, out: CandidateLeg, arrived: CandidateLeg, signs: readonly [number, string][]): TransferSuggestion | undefined {
  const left = new Decimal(out.amount);
  if (left.isZero()) return undefined;
  const short = left.minus(arrived.amount).div(left);
  if (short.gt(FEE_SHARE)) return undefined;
  const elapsed = arrived.timestamp - out.timestamp;
  const exact = short.isZero();
  // Closer in time and amount ranks higher; the signs count most.
  const score = signs.reduce((sum, [weight]) => sum + weight, 0) + (exact ? 1 : 0) + 1 / (1 + elapsed / 3600) - short.toNumber() * 10;
  const missing = exact ? 'all of it' : `${short.times(100).toDecimalPlaces(2).toString()}% short, a fee`;
  const reason =
    `${out.amount} ${out.asset} left ${place(out)}, ${arrived.amount} arrived in ${place(arrived)} ${duration(elapsed)} later (${missing}): ` +
    signs.map(([, sign]) => sign).join('; ');
  return { id, sent: out.entryId, arrived: arrived.entryId, score, reason };
}

function place(leg: CandidateLeg): string {
  return `${leg.walletLabel || leg.wallet} on ${findChain(leg.chainId)?.name ?? `chain ${leg.chainId}`}`;
}
