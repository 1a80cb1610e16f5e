import { Decimal } from '../ledger/money.js';
import type { BasisLeg } from './BasisLeg.js';
import type { BasisIssue } from './BasisReport.js';
import type { AcquireEvent, BasisEvent, DisposeEvent, RemoveEvent } from './BasisEvent.js';
import type { CostBasisSettings } from './CostBasisSettings.js';
import { allocateFee } from './allocateFee.js';
import { holdingOf } from './holdingOf.js';
import { MOVE_CATEGORIES, moveEvents } from './moveEvents.js';
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
  const { moves, unpaired } = moveEvents(taking.filter((leg) => MOVE_CATEGORIES.has(leg.category)));
  const events: BasisEvent[] = [...moves];
  for (const walletLegs of byWallet([...taking.filter((leg) => !MOVE_CATEGORIES.has(leg.category)), ...unpaired]).values()) {
    const fees = walletLegs.filter((leg) => FEE_CATEGORIES.has(leg.category)).map(feeEvent);
    const traded = tradeEvents(walletLegs.filter((leg) => TRADE_CATEGORIES.has(leg.category)));
    const single = walletLegs
      .filter((leg) => !FEE_CATEGORIES.has(leg.category) && !TRADE_CATEGORIES.has(leg.category))
      .map((leg) => singleEvent(leg, settings.unclassifiedOut));
    const disposals = [...traded.disposals, ...single.filter((event): event is DisposeEvent => event.type === 'dispose')];
    const acquisitions = [...traded.acquisitions, ...single.filter((event): event is AcquireEvent => event.type === 'acquire')];
    allocateFee(fees, disposals, acquisitions);
    events.push(...fees, ...traded.disposals, ...traded.acquisitions, ...single);
  }
  events.sort(
    (a, b) =>
      a.phase - b.phase || a.order - b.order || (a.holding.wallet < b.holding.wallet ? -1 : a.holding.wallet > b.holding.wallet ? 1 : 0),
  );
  const states = new Map(taking.map((leg) => [leg.entryId, leg.valueState]));
  for (const event of events) {
    for (const issue of event.flags) {
      const detail = issue === 'unknown_price' ? `no value: ${states.get(event.entryId) || 'unknown'}` : (ISSUE_DETAIL[issue] ?? '');
      issues.push({ entryId: event.entryId, issue, quantity: event.quantity, decimals: event.holding.decimals, detail });
    }
  }
  return { events, issues };
}

function byWallet(legs: readonly BasisLeg[]): Map<string, BasisLeg[]> {
  const wallets = new Map<string, BasisLeg[]>();
  for (const leg of [...legs].sort((a, b) => a.order - b.order)) {
    const list = wallets.get(leg.wallet) ?? [];
    list.push(leg);
    wallets.set(leg.wallet, list);
  }
  return wallets;
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
  return { ...base(leg, 0, []), type: 'dispose', kind: 'fee', proceeds: leg.value, sellingCosts: new Decimal(0) };
}

/** A leg that is its own event: income, a gift, a payment, a loss, or a transfer nobody categorised. */
function singleEvent(leg: BasisLeg, unclassifiedOut: 'remove' | 'dispose'): AcquireEvent | DisposeEvent | RemoveEvent {
  const { category } = leg;
  if (leg.direction === 'in') {
    const chosen = INCOME_CATEGORIES.has(category) || category === 'gift_in';
    const event: AcquireEvent = { ...base(leg, 3, chosen ? [] : ['unclassified_in']), type: 'acquire', cost: leg.value };
    if (INCOME_CATEGORIES.has(category)) event.income = { category, price: leg.price, priceSource: leg.priceSource, value: leg.value };
    return event;
  }
  const kind = DISPOSAL_KINDS[category];
  if (kind !== undefined) return { ...base(leg, 1, []), type: 'dispose', kind, proceeds: leg.value, sellingCosts: new Decimal(0) };
  if (REMOVAL_CATEGORIES.has(category)) return { ...base(leg, 1, []), flags: [], type: 'remove', kind: category };
  if (unclassifiedOut === 'remove') return { ...base(leg, 1, []), flags: ['unclassified_out'], type: 'remove', kind: category };
  return { ...base(leg, 1, ['unclassified_out']), type: 'dispose', kind: 'transfer', proceeds: leg.value, sellingCosts: new Decimal(0) };
}
