import type { BasisLeg } from './BasisLeg.js';
import type { BasisIssue } from './BasisReport.js';
import type { AcquireEvent, BasisEvent, DisposeEvent, RemoveEvent } from './BasisEvent.js';
import type { CostBasisSettings } from './CostBasisSettings.js';
import { allocateFee } from './allocateFee.js';
import { NO_FLAGS, UNCLASSIFIED_IN, UNCLASSIFIED_OUT, withFlag } from './eventFlags.js';
import { Holdings } from './Holdings.js';
import { MOVE_CATEGORIES, moveEvents } from './moveEvents.js';
import { type Money, toMoney } from './scaledMoney.js';
import { tradeEvents } from './tradeEvents.js';

const FEE_CATEGORIES: ReadonlySet<string> = new Set(['fee', 'failed_fee']);
const TRADE_CATEGORIES: ReadonlySet<string> = new Set(['trade', 'liquidity_add', 'liquidity_remove']);
const INCOME_CATEGORIES: ReadonlySet<string> = new Set(['income', 'airdrop', 'staking_reward', 'interest', 'payment_in']);
const REMOVAL_CATEGORIES: ReadonlySet<string> = new Set(['gift_out', 'donation', 'lost']);
const DISPOSAL_KINDS: Readonly<Record<string, DisposeEvent['kind']>> = { payment_out: 'payment', cost: 'cost' };

/** Why an issue was raised, for `costbasis-issues.csv` (the unknown price's own reason comes from the leg). */
const ISSUE_DETAIL: Readonly<Record<string, string>> = {
  valued_by_sent_leg: 'the received side has no value: the proceeds are the sent side’s value',
  unclassified_in: 'a transfer in of no chosen category, acquired at its value: categorise it (income, gift_in, own transfer)',
  unclassified_out: 'a transfer out of no chosen category: categorise it (payment_out, gift_out, own transfer)',
};

/** One transaction's tax events, in the order they run (phase, then row), and the issues its legs raise. */
export interface TransactionEvents {
  events: BasisEvent[];
  issues: BasisIssue[];
}

/**
 * One transaction's legs (every wallet's) as events in four phases: 0 fees, 1 disposals and removals, 2 moves,
 * 3 acquisitions, each in row order, so nothing acquired in a transaction feeds its own disposals. Spam and NFTs take
 * no part; a leg of unknown decimals neither (an issue). A wallet's fees are a selling cost of its disposals in the
 * transaction, else part of its acquisitions' cost, else unallocated.
 */
export function transactionEvents(
  legs: readonly BasisLeg[],
  settings: Pick<CostBasisSettings, 'unclassifiedOut'>,
  holdings = new Holdings(),
): TransactionEvents {
  const issues: BasisIssue[] = [];
  const events: BasisEvent[] = [];
  // Most transactions are legs that all take part and none moves: they are read as they came, no list made of them.
  let rest: readonly BasisLeg[] = legs;
  if (!legs.every(plain)) {
    const taking: BasisLeg[] = [];
    const moving: BasisLeg[] = [];
    for (const leg of legs) {
      if (leg.spam !== '' || leg.kind === 'erc721' || leg.kind === 'erc1155') continue;
      if (leg.decimals === null) {
        issues.push({
          entryId: leg.entryId,
          issue: 'unknown_decimals',
          quantity: leg.amountRaw,
          decimals: null,
          detail: 'the token’s decimals are unknown: the leg takes no part',
        });
        continue;
      }
      (MOVE_CATEGORIES.has(leg.category) ? moving : taking).push(leg);
    }
    if (moving.length > 0) {
      const { moves, unpaired } = moveEvents(moving, holdings);
      for (const move of moves) events.push(move);
      for (const leg of unpaired) taking.push(leg);
    }
    rest = taking;
  }
  if (rest.length > 0) byWallet(rest, settings.unclassifiedOut, events, holdings);
  if (!inOrder(events)) events.sort(byPhaseAndRow);
  let byId: Map<string, BasisLeg> | undefined;
  for (const event of events) {
    for (const issue of event.flags) {
      byId ??= new Map(legs.map((leg) => [leg.entryId, leg]));
      const detail = issue === 'unknown_price' ? unknownDetail(byId.get(event.entryId)) : (ISSUE_DETAIL[issue] ?? '');
      issues.push({ entryId: event.entryId, issue, quantity: event.quantity, decimals: event.holding.decimals, detail });
    }
  }
  return { events, issues };
}

/** A leg that takes part (no spam, no NFT, known decimals) and moves no lots. */
function plain(leg: BasisLeg): boolean {
  return leg.spam === '' && leg.kind !== 'erc721' && leg.kind !== 'erc1155' && leg.decimals !== null && !MOVE_CATEGORIES.has(leg.category);
}

/** Why a money field is empty: the leg's own value state, or what it depends on (the fee, the trade's other side). */
function unknownDetail(leg: BasisLeg | undefined): string {
  if (leg !== undefined && leg.value === null) return `no value: ${leg.valueState || 'unknown'}`;
  return 'its own value is known, but a value it depends on is not (the fee, or the other side of the trade)';
}

/**
 * Each wallet's events added to `events`, the wallets in the order they first appear, each one's legs in row order
 * (a transaction's legs come in row order; unpaired moving legs were appended).
 */
function byWallet(legs: readonly BasisLeg[], unclassifiedOut: 'remove' | 'dispose', events: BasisEvent[], holdings: Holdings): void {
  let ordered = legs;
  for (let index = 1; index < legs.length; index += 1) {
    if ((legs[index] as BasisLeg).order < (legs[index - 1] as BasisLeg).order) {
      ordered = [...legs].sort((a, b) => a.order - b.order);
      break;
    }
  }
  const first = (ordered[0] as BasisLeg).wallet;
  if (ordered.every((leg) => leg.wallet === first)) return walletEvents(ordered, unclassifiedOut, events, holdings);
  const wallets = new Map<string, BasisLeg[]>();
  for (const leg of ordered) {
    const list = wallets.get(leg.wallet);
    if (list === undefined) wallets.set(leg.wallet, [leg]);
    else list.push(leg);
  }
  for (const walletLegs of wallets.values()) walletEvents(walletLegs, unclassifiedOut, events, holdings);
}

/**
 * One wallet's fees, trades and single legs as events, added to `events` in that order (the trade's disposals before
 * the single ones: the last share of a fee takes what is left), its fee allocated to what it did.
 */
function walletEvents(legs: readonly BasisLeg[], unclassifiedOut: 'remove' | 'dispose', events: BasisEvent[], holdings: Holdings): void {
  const start = events.length;
  let trades: BasisLeg[] | undefined;
  let singles = false;
  for (const leg of legs) {
    if (FEE_CATEGORIES.has(leg.category)) events.push(disposeEvent(leg, 0, 'fee', NO_FLAGS, holdings));
    else if (TRADE_CATEGORIES.has(leg.category)) (trades ??= []).push(leg);
    else singles = true;
  }
  const feesEnd = events.length;
  if (trades !== undefined) tradeEvents(trades, holdings, events);
  if (singles) {
    for (const leg of legs) {
      if (!FEE_CATEGORIES.has(leg.category) && !TRADE_CATEGORIES.has(leg.category))
        events.push(singleEvent(leg, unclassifiedOut, holdings));
    }
  }
  if (feesEnd > start) allocateFee(events, start, feesEnd);
}

/** Whether events are in phase and row order already (most transactions' are: a sort is then not needed). */
function inOrder(events: readonly BasisEvent[]): boolean {
  for (let index = 1; index < events.length; index += 1) {
    if (byPhaseAndRow(events[index - 1] as BasisEvent, events[index] as BasisEvent) > 0) return false;
  }
  return true;
}

function byPhaseAndRow(a: BasisEvent, b: BasisEvent): number {
  return a.phase - b.phase || a.order - b.order || (a.holding.wallet < b.holding.wallet ? -1 : a.holding.wallet > b.holding.wallet ? 1 : 0);
}

/** A leg that is its own event: income, a gift, a payment, a loss, or a transfer nobody categorised. */
function singleEvent(leg: BasisLeg, unclassifiedOut: 'remove' | 'dispose', holdings: Holdings): AcquireEvent | DisposeEvent | RemoveEvent {
  const { category } = leg;
  if (leg.direction === 'in') {
    const income = INCOME_CATEGORIES.has(category);
    const event: AcquireEvent = {
      phase: 3,
      entryId: leg.entryId,
      order: leg.order,
      txHash: leg.txHash,
      timestamp: leg.timestamp,
      holding: holdings.of(leg),
      quantity: leg.amountRaw,
      flags: flagsOf(leg, income || category === 'gift_in' ? NO_FLAGS : UNCLASSIFIED_IN),
      type: 'acquire',
      cost: moneyOf(leg),
    };
    if (income) event.income = { category, price: leg.price, priceSource: leg.priceSource, value: leg.value };
    return event;
  }
  const kind = DISPOSAL_KINDS[category];
  if (kind !== undefined) return disposeEvent(leg, 1, kind, NO_FLAGS, holdings);
  if (REMOVAL_CATEGORIES.has(category)) return removeEvent(leg, NO_FLAGS, holdings);
  if (unclassifiedOut === 'remove') return removeEvent(leg, UNCLASSIFIED_OUT, holdings);
  return disposeEvent(leg, 1, 'transfer', UNCLASSIFIED_OUT, holdings);
}

// Each event is made in one literal, in one shape per type: no spread of a shared base (the replay's profile showed
// them, one or more per leg).
function disposeEvent(leg: BasisLeg, phase: 0 | 1, kind: DisposeEvent['kind'], flags: readonly string[], holdings: Holdings): DisposeEvent {
  return {
    phase,
    entryId: leg.entryId,
    order: leg.order,
    txHash: leg.txHash,
    timestamp: leg.timestamp,
    holding: holdings.of(leg),
    quantity: leg.amountRaw,
    flags: flagsOf(leg, flags),
    type: 'dispose',
    kind,
    proceeds: moneyOf(leg),
    sellingCosts: 0n,
  };
}

/** A removal is no sale: its leg's unknown price is no issue of its own. */
function removeEvent(leg: BasisLeg, flags: readonly string[], holdings: Holdings): RemoveEvent {
  return {
    phase: 1,
    entryId: leg.entryId,
    order: leg.order,
    txHash: leg.txHash,
    timestamp: leg.timestamp,
    holding: holdings.of(leg),
    quantity: leg.amountRaw,
    flags,
    type: 'remove',
    kind: leg.category,
  };
}

function flagsOf(leg: BasisLeg, flags: readonly string[]): readonly string[] {
  return leg.value === null ? withFlag(flags, 'unknown_price') : flags;
}

function moneyOf(leg: BasisLeg): Money | null {
  return leg.value === null ? null : toMoney(leg.value);
}
