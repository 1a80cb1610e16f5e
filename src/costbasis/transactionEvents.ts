import type { BasisLeg } from './BasisLeg.js';
import type { BasisIssue } from './BasisReport.js';
import type { AcquireEvent, BasisEvent, DisposeEvent, RemoveEvent } from './BasisEvent.js';
import type { CostBasisSettings } from './CostBasisSettings.js';
import { allocateFee } from './allocateFee.js';
import { holdingOf } from './holdingOf.js';
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
export function transactionEvents(legs: readonly BasisLeg[], settings: Pick<CostBasisSettings, 'unclassifiedOut'>): TransactionEvents {
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
    const { moves, unpaired } = moveEvents(moving);
    events.push(...moves);
    rest.push(...unpaired);
  }
  for (const walletLegs of byWallet(rest)) events.push(...walletEvents(walletLegs, settings.unclassifiedOut));
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

/** One wallet's fees, trades and single legs as events, its fee allocated to what it did. */
function walletEvents(legs: readonly BasisLeg[], unclassifiedOut: 'remove' | 'dispose'): BasisEvent[] {
  const fees: DisposeEvent[] = [];
  const trades: BasisLeg[] = [];
  const single: (AcquireEvent | DisposeEvent | RemoveEvent)[] = [];
  for (const leg of legs) {
    if (FEE_CATEGORIES.has(leg.category)) fees.push(feeEvent(leg));
    else if (TRADE_CATEGORIES.has(leg.category)) trades.push(leg);
    else single.push(singleEvent(leg, unclassifiedOut));
  }
  const traded = trades.length > 0 ? tradeEvents(trades) : { disposals: [], acquisitions: [] };
  if (fees.length > 0) {
    const disposals = [...traded.disposals, ...single.filter((event): event is DisposeEvent => event.type === 'dispose')];
    const acquisitions = [...traded.acquisitions, ...single.filter((event): event is AcquireEvent => event.type === 'acquire')];
    allocateFee(fees, disposals, acquisitions);
  }
  return [...fees, ...traded.disposals, ...traded.acquisitions, ...single];
}

function byPhaseAndRow(a: BasisEvent, b: BasisEvent): number {
  return a.phase - b.phase || a.order - b.order || (a.holding.wallet < b.holding.wallet ? -1 : a.holding.wallet > b.holding.wallet ? 1 : 0);
}

function base(leg: BasisLeg, phase: 0 | 1 | 3, flags: string[]): Omit<DisposeEvent, 'type' | 'kind' | 'proceeds' | 'sellingCosts'> {
  return {
    phase,
    entryId: leg.entryId,
    order: leg.order,
    txHash: leg.txHash,
    timestamp: leg.timestamp,
    holding: holdingOf(leg),
    quantity: leg.amountRaw,
    flags: leg.value === null ? [...flags, 'unknown_price'] : flags,
  };
}

/** Gas: a disposal of the native coin at its value, with no selling cost of its own. */
function feeEvent(leg: BasisLeg): DisposeEvent {
  return { ...base(leg, 0, []), type: 'dispose', kind: 'fee', proceeds: moneyOf(leg), sellingCosts: 0n };
}

/** A leg that is its own event: income, a gift, a payment, a loss, or a transfer nobody categorised. */
function singleEvent(leg: BasisLeg, unclassifiedOut: 'remove' | 'dispose'): AcquireEvent | DisposeEvent | RemoveEvent {
  const { category } = leg;
  if (leg.direction === 'in') {
    const chosen = INCOME_CATEGORIES.has(category) || category === 'gift_in';
    const event: AcquireEvent = { ...base(leg, 3, chosen ? [] : ['unclassified_in']), type: 'acquire', cost: moneyOf(leg) };
    if (INCOME_CATEGORIES.has(category)) event.income = { category, price: leg.price, priceSource: leg.priceSource, value: leg.value };
    return event;
  }
  const kind = DISPOSAL_KINDS[category];
  if (kind !== undefined) return { ...base(leg, 1, []), type: 'dispose', kind, proceeds: moneyOf(leg), sellingCosts: 0n };
  if (REMOVAL_CATEGORIES.has(category)) return { ...base(leg, 1, []), flags: [], type: 'remove', kind: category };
  if (unclassifiedOut === 'remove') return { ...base(leg, 1, []), flags: ['unclassified_out'], type: 'remove', kind: category };
  return { ...base(leg, 1, ['unclassified_out']), type: 'dispose', kind: 'transfer', proceeds: moneyOf(leg), sellingCosts: 0n };
}

function moneyOf(leg: BasisLeg): Money | null {
  return leg.value === null ? null : toMoney(leg.value);
}
