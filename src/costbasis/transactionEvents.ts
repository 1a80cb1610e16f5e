import type { BasisLeg } from './BasisLeg.js';
import type { BasisIssue } from './BasisReport.js';
import type { AcquireEvent, BasisEvent, DisposeEvent, RemoveEvent } from './BasisEvent.js';
import type { CostBasisSettings } from './CostBasisSettings.js';
import { allocateFee } from './allocateFee.js';
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
  const taking: BasisLeg[] = [];
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
    taking.push(leg);
  }
  const moving: BasisLeg[] = [];
  const rest: BasisLeg[] = [];
  for (const leg of taking) (MOVE_CATEGORIES.has(leg.category) ? moving : rest).push(leg);
  const events: BasisEvent[] = [];
  if (moving.length > 0) {
    const { moves, unpaired } = moveEvents(moving, holdings);
    events.push(...moves);
    rest.push(...unpaired);
  }
  for (const walletLegs of byWallet(rest)) walletEvents(walletLegs, settings.unclassifiedOut, events, holdings);
  if (events.length > 1) events.sort(byPhaseAndRow);
  let byId: Map<string, BasisLeg> | undefined;
  for (const event of events) {
    for (const issue of event.flags) {
      byId ??= new Map(taking.map((leg) => [leg.entryId, leg]));
      const detail = issue === 'unknown_price' ? unknownDetail(byId.get(event.entryId)) : (ISSUE_DETAIL[issue] ?? '');
      issues.push({ entryId: event.entryId, issue, quantity: event.quantity, decimals: event.holding.decimals, detail });
    }
  }
  return { events, issues };
}

/** Why a money field is empty: the leg's own value state, or what it depends on (the fee, the trade's other side). */
function unknownDetail(leg: BasisLeg | undefined): string {
  if (leg !== undefined && leg.value === null) return `no value: ${leg.valueState || 'unknown'}`;
  return 'its own value is known, but a value it depends on is not (the fee, or the other side of the trade)';
}

/** The legs by wallet, each in row order (a transaction's legs come in row order; unpaired moving legs were appended). */
function byWallet(legs: BasisLeg[]): BasisLeg[][] {
  if (legs.length === 0) return [];
  if (legs.some((leg, index) => index > 0 && leg.order < (legs[index - 1] as BasisLeg).order)) legs.sort((a, b) => a.order - b.order);
  const first = (legs[0] as BasisLeg).wallet;
  if (legs.every((leg) => leg.wallet === first)) return [legs];
  const wallets = new Map<string, BasisLeg[]>();
  for (const leg of legs) {
    const list = wallets.get(leg.wallet);
    if (list === undefined) wallets.set(leg.wallet, [leg]);
    else list.push(leg);
  }
  return [...wallets.values()];
}

/** One wallet's fees, trades and single legs as events (added to `events`), its fee allocated to what it did. */
function walletEvents(legs: readonly BasisLeg[], unclassifiedOut: 'remove' | 'dispose', events: BasisEvent[], holdings: Holdings): void {
  const fees: DisposeEvent[] = [];
  const single: (AcquireEvent | DisposeEvent | RemoveEvent)[] = [];
  let trades: BasisLeg[] | undefined;
  for (const leg of legs) {
    if (FEE_CATEGORIES.has(leg.category)) fees.push(feeEvent(leg, holdings));
    else if (TRADE_CATEGORIES.has(leg.category)) (trades ??= []).push(leg);
    else single.push(singleEvent(leg, unclassifiedOut, holdings));
  }
  const traded = trades === undefined ? undefined : tradeEvents(trades, holdings);
  if (fees.length > 0) {
    // The trade's disposals first, then the single ones: the last share of a fee takes what is left.
    const disposals: DisposeEvent[] = [...(traded?.disposals ?? [])];
    const acquisitions: AcquireEvent[] = [...(traded?.acquisitions ?? [])];
    for (const event of single) {
      if (event.type === 'dispose') disposals.push(event);
      else if (event.type === 'acquire') acquisitions.push(event);
    }
    allocateFee(fees, disposals, acquisitions);
    for (const fee of fees) events.push(fee);
  }
  if (traded !== undefined) {
    for (const event of traded.disposals) events.push(event);
    for (const event of traded.acquisitions) events.push(event);
  }
  for (const event of single) events.push(event);
}

function byPhaseAndRow(a: BasisEvent, b: BasisEvent): number {
  return a.phase - b.phase || a.order - b.order || (a.holding.wallet < b.holding.wallet ? -1 : a.holding.wallet > b.holding.wallet ? 1 : 0);
}

/** Gas: a disposal of the native coin at its value, with no selling cost of its own. */
function feeEvent(leg: BasisLeg, holdings: Holdings): DisposeEvent {
  return disposeEvent(leg, 0, 'fee', [], holdings);
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
      flags: flagsOf(leg, income || category === 'gift_in' ? [] : ['unclassified_in']),
      type: 'acquire',
      cost: moneyOf(leg),
    };
    if (income) event.income = { category, price: leg.price, priceSource: leg.priceSource, value: leg.value };
    return event;
  }
  const kind = DISPOSAL_KINDS[category];
  if (kind !== undefined) return disposeEvent(leg, 1, kind, [], holdings);
  if (REMOVAL_CATEGORIES.has(category)) return removeEvent(leg, [], holdings);
  if (unclassifiedOut === 'remove') return removeEvent(leg, ['unclassified_out'], holdings);
  return disposeEvent(leg, 1, 'transfer', ['unclassified_out'], holdings);
}

// Each event is made in one literal, in one shape per type: no spread of a shared base (the replay's profile showed
// them, one or more per leg).
function disposeEvent(leg: BasisLeg, phase: 0 | 1, kind: DisposeEvent['kind'], flags: string[], holdings: Holdings): DisposeEvent {
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
function removeEvent(leg: BasisLeg, flags: string[], holdings: Holdings): RemoveEvent {
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

function flagsOf(leg: BasisLeg, flags: string[]): string[] {
  return leg.value === null ? [...flags, 'unknown_price'] : flags;
}

function moneyOf(leg: BasisLeg): Money | null {
  return leg.value === null ? null : toMoney(leg.value);
}
