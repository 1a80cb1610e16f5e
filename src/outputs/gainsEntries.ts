import type { AcquireEvent, Holding } from '../costbasis/BasisEvent.js';
import type { LotPiece } from '../costbasis/Lot.js';
import type { LotTrail } from '../costbasis/LotTrail.js';
import type { BasisLeg } from '../costbasis/BasisLeg.js';
import type { BasisReport, GainRow } from '../costbasis/BasisReport.js';
import type { BasisScope, CostBasisSettings } from '../costbasis/CostBasisSettings.js';
import { scopedPoolKey } from '../costbasis/PoolBook.js';
import { transactionEvents } from '../costbasis/transactionEvents.js';
import { Decimal, formatUnits } from '../ledger/money.js';
import { type Money, toDecimal } from '../costbasis/scaledMoney.js';
import { ukDay } from '../costbasis/ukDay.js';
import { EntryBook } from './EntryBook.js';
import type { GainsJournal, GainsLine } from './GainsJournal.js';
import { sameDayCosts, type SameDayEvent } from './sameDayCosts.js';
import { trailEntries } from './trailEntries.js';
import { UkSettlements } from './UkSettlements.js';

const TRADE_CATEGORIES: ReadonlySet<string> = new Set(['trade', 'liquidity_add', 'liquidity_remove']);

/**
 * The period's lots and realised gains as journal entries, one per ledger transaction: each disposal reduces the lots
 * the method chose (the report's pieces, at their cost), its proceeds go to `fees` (a fee), `exchange` (a trade) or
 * `spending`, its selling costs leave `fees` (the fee is in the gain, not an expense twice) and the gain is posted;
 * each acquisition enters as a lot at cost, against its income category, `exchange` (a trade) or `received`, and a
 * fee capitalised into its cost leaves `fees`; removals and moves take the lots the replay's trail names
 * (`trailEntries`), and its lots open at the period's start are the journal's `opening`. The period's acquisitions are
 * its legs' events (`transactionEvents`, as the replay ran them); an unknown proceeds or cost leaves the disposal,
 * acquisition, removal or move out, listed.
 *
 * Under `uk` a lot costs what the replay holds it at, its share of its day's acquisitions (`sameDayCosts`), the
 * difference from its own cost cleared through `same_day` (a lot carried in from the period's first UK day, split by a
 * start at midnight in another zone, and one a move brings into another pool on its day, too: the replay averages
 * them with that day's acquisitions); and a disposal's lots leave only when HMRC's matching is
 * settled (`UkSettlements`): on the sale's day its pieces go short, at their cost, in the asset's `owed` account (the
 * gain posted then, as gains.csv has it), and a later entry takes them from the asset account into `owed`, once every
 * lot matched to it has arrived. No asset account goes below nothing, and at the period's end each holds the replay's
 * open lots; `owed` holds what sales whose matching runs past the end will take.
 */
export function gainsEntries(
  report: Pick<BasisReport, 'gains' | 'trail'>,
  legs: readonly BasisLeg[],
  settings: CostBasisSettings,
  period: { start: number; end: number },
): GainsJournal {
  // uk: a lot moved into another pool on its day is restated there at that day's average: its unit is per holding.
  const book = new EntryBook(settings.method === 'uk');
  const { leftOut } = book;
  const settlements = new UkSettlements(settings.scope);
  const settled: { at: number; lines: GainsLine[]; what: string; first: GainRow }[] = [];
  const owed = { disposals: 0, cost: new Decimal(0) };

  let disposals = 0;
  for (const pieces of byDisposal(report.gains)) {
    const first = pieces[0] as GainRow;
    const settleAt = first.method === 'uk' ? settlements.at(pieces) : null;
    const soldOf = (rows: readonly GainRow[]): string =>
      `sold ${formatUnits(sum(rows.map((row) => row.quantity)), first.decimals)} ${first.asset}`;
    // A disposal matched partly at a known cost (uk's same-day or 30-day lots) and partly not posts its known pieces,
    // as gains.csv counts their gain; only the unknown ones are left out.
    const unknown = pieces.filter((row) => row.proceeds === null || row.sellingCosts === null || row.costBasis === null);
    if (unknown.length > 0) {
      const why = [...new Set(unknown.flatMap((row) => row.flags))].join(' ') || 'unknown proceeds or basis';
      leftOut.push({ kind: 'disposal', at: first.soldAt, entryId: first.entryId, txHash: first.txHash, what: soldOf(unknown), why });
      if (unknown.length === pieces.length) continue;
    }
    const rows = pieces.filter((row) => !unknown.includes(row));
    const what = soldOf(rows);
    disposals += 1;
    const entry = book.entry(first.chainId, first.txHash, first.soldAt, first.wallet);
    const holding = {
      wallet: first.wallet,
      chainId: first.chainId,
      asset: first.asset,
      assetContract: first.assetContract,
      decimals: first.decimals,
    };
    let proceeds = new Decimal(0);
    let costs = new Decimal(0);
    let gain = new Decimal(0);
    const settling: GainsLine[] = [];
    rows.forEach((row) => {
      const cost = row.costBasis as Decimal;
      const id = row.lotId ?? `${row.entryId}/${pieces.indexOf(row) + 1}`;
      const lot = book.lot(holding, id, row.acquiredAt, cost, row.quantity, row.lotId === null);
      const taken = { amount: cost.neg(), holding, quantity: -row.quantity, proceeds: row.proceeds as Decimal };
      if (settleAt === null) entry.lines.push({ role: 'asset', ...taken, lot });
      else {
        // Owed under the lot's own name, a pool's piece under the sale's: `owed` books every short lot by name.
        const short = { ...lot, pooled: false };
        entry.lines.push({ role: 'owed', ...taken, lot: short });
        settling.push({ role: 'asset', amount: cost.neg(), holding, quantity: -row.quantity, lot });
        settling.push({ role: 'owed', amount: cost, holding, quantity: row.quantity, lot: short });
      }
      proceeds = proceeds.add(row.proceeds as Decimal);
      costs = costs.add(row.sellingCosts as Decimal);
      gain = gain.add(row.gain as Decimal);
    });
    entry.lines.push({ role: first.kind === 'fee' ? 'fees' : first.kind === 'trade' ? 'exchange' : 'spending', amount: proceeds });
    if (!costs.isZero()) entry.lines.push({ role: 'fees', amount: costs.neg() });
    entry.lines.push({ role: 'gains', amount: gain.neg() });
    book.say(entry, first.kind === 'fee' ? `fee ${what.slice('sold '.length)}` : what);
    if (settleAt === null) continue;
    // A history ending inside the period settles every sale by its end (the replay's pools are settled before it counts).
    if (settleAt < period.end || report.trail?.settledBeforeEnd === true)
      settled.push({ at: Math.min(settleAt, period.end - 1), lines: settling, what, first });
    else {
      owed.disposals += 1;
      owed.cost = rows.reduce((sum, row) => sum.add(row.costBasis as Decimal), owed.cost);
    }
  }

  const byId = new Map(legs.map((leg) => [leg.entryId, leg]));
  const acquired: AcquireEvent[] = [];
  for (const group of byTransaction(legs))
    for (const event of transactionEvents(group, settings).events) if (event.type === 'acquire') acquired.push(event);
  const joining = settings.method === 'uk' ? joiningSameDay(report.trail, period.start, settings.scope) : [];
  const held: ReadonlyMap<AcquireEvent | JoiningLot, Money | null> =
    settings.method === 'uk'
      ? sameDayCosts<AcquireEvent | JoiningLot>([...joining, ...acquired], settings.scope)
      : new Map(acquired.map((event) => [event, event.cost]));
  for (const event of acquired) {
    const leg = byId.get(event.entryId);
    const what = `${event.income === undefined ? 'acquired' : 'income'} ${formatUnits(event.quantity, event.holding.decimals)} ${event.holding.asset}`;
    const heldAt = held.get(event) ?? null;
    if (event.cost === null || heldAt === null) {
      const why = event.cost === null ? 'unknown cost' : 'unknown cost of a same-day acquisition';
      leftOut.push({ kind: 'acquisition', at: event.timestamp, entryId: event.entryId, txHash: event.txHash, what, why });
      continue;
    }
    // The replay keeps money as scaled integers; the journals write Decimals.
    const cost = toDecimal(event.cost);
    const lotCost = toDecimal(heldAt);
    const entry = book.entry(event.holding.chainId, event.txHash, event.timestamp, event.holding.wallet);
    const lot = book.entering(event.holding, event.entryId, event.timestamp, lotCost, event.quantity);
    entry.lines.push({ role: 'asset', amount: lotCost, holding: event.holding, quantity: event.quantity, lot });
    // A fee capitalised into the cost leaves `fees`; the rest is what the income, trade or gift brought.
    const value = leg?.value ?? null;
    const own = value !== null && value.lte(cost) ? value : cost;
    if (event.income !== undefined) entry.lines.push({ role: 'income', amount: own.neg(), category: event.income.category });
    else entry.lines.push({ role: TRADE_CATEGORIES.has(leg?.category ?? '') ? 'exchange' : 'received', amount: own.neg() });
    if (!own.eq(cost)) entry.lines.push({ role: 'fees', amount: cost.sub(own).neg() });
    // uk: the day's other acquisitions carry the rest of this one's cost, or it theirs.
    if (!lotCost.eq(cost)) entry.lines.push({ role: 'same_day', amount: cost.sub(lotCost) });
    book.say(entry, what);
  }
  const restated = new Map(joining.map((lot) => [lot.piece, held.get(lot) ?? null]));
  const opening = report.trail === undefined ? [] : trailEntries(report.trail, book, period.start, restated);
  for (const { at, lines, what, first } of settled) {
    const entry = book.apart(first.chainId, first.txHash, at, first.wallet);
    entry.lines.push(...lines);
    book.say(entry, `${what} settled: its lots leave (uk matching, entry ${first.entryId})`);
  }
  return { opening, entries: book.finish(), leftOut: leftOut.sort((a, b) => a.at - b.at), disposals, owed };
}

/** A lot the replay counts among a UK day's acquisitions though no acquisition of the period brought it. */
interface JoiningLot extends SameDayEvent {
  piece: LotPiece;
}

/**
 * The lots that join a UK day's acquisitions in the replay without being one of the period's: those open at the
 * period's start acquired on its first UK day, and those a move brought on the day they were acquired into another pool
 * (a lot arriving from its own day joins the day's lots, `UkPool.acquire`).
 */
function joiningSameDay(trail: LotTrail | undefined, start: number, scope: BasisScope): JoiningLot[] {
  const day = ukDay(start);
  const joining = (holding: Holding, pieces: readonly LotPiece[], on: number): JoiningLot[] =>
    pieces.flatMap((piece) =>
      piece.lotId !== null && piece.acquiredAt !== null && piece.cost !== null && ukDay(piece.acquiredAt) === on
        ? [{ holding, timestamp: piece.acquiredAt, quantity: piece.quantity, cost: piece.cost, piece }]
        : [],
    );
  return [
    ...(trail?.opening ?? []).flatMap(({ holding, pieces, owed }) => (owed ? [] : joining(holding, pieces, day))),
    ...(trail?.moves ?? []).flatMap((move) =>
      scopedPoolKey(scope, move.holding) === scopedPoolKey(scope, move.target)
        ? []
        : joining(move.target, move.arrived, ukDay(move.arrivedAt)),
    ),
  ];
}

function* byDisposal(rows: Iterable<GainRow>): Generator<GainRow[]> {
  let group: GainRow[] = [];
  for (const row of rows) {
    if (group.length > 0 && (group[0] as GainRow).entryId !== row.entryId) {
      yield group;
      group = [];
    }
    group.push(row);
  }
  if (group.length > 0) yield group;
}

function* byTransaction(legs: readonly BasisLeg[]): Generator<BasisLeg[]> {
  let group: BasisLeg[] = [];
  for (const leg of legs) {
    const first = group[0];
    if (first !== undefined && (first.txHash !== leg.txHash || first.chainId !== leg.chainId)) {
      yield group;
      group = [];
    }
    group.push(leg);
  }
  if (group.length > 0) yield group;
}

function sum(values: readonly bigint[]): bigint {
  return values.reduce((total, value) => total + value, 0n);
}
