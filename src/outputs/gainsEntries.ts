import type { Holding } from '../costbasis/BasisEvent.js';
import type { BasisLeg } from '../costbasis/BasisLeg.js';
import type { BasisReport, GainRow } from '../costbasis/BasisReport.js';
import type { CostBasisSettings } from '../costbasis/CostBasisSettings.js';
import { transactionEvents } from '../costbasis/transactionEvents.js';
import { Decimal, formatUnits } from '../ledger/money.js';
import type { LotAccountRole } from '../templates/lotAccountRoles.js';
import { toDecimal } from '../costbasis/scaledMoney.js';

/** A lot as a journal names it: its id (the acquiring leg's), acquisition time and cost per whole unit. */
export interface JournalLot {
  id: string;
  acquiredAt: number | null;
  unit: Decimal;
  /** A piece of a pool (`average`, uk's section 104) at the pool's cost: no lot of its own to name or match. */
  pooled: boolean;
}

/** One line of a gains journal entry: an amount of the book's currency, + debit, − credit, exact. */
export interface GainsLine {
  role: Exclude<LotAccountRole, 'tax_rate'>;
  amount: Decimal;
  /** `asset` lines: the holding, the signed quantity (base units) and the lot; a reduction also its proceeds. */
  holding?: Holding;
  quantity?: bigint;
  lot?: JournalLot;
  proceeds?: Decimal;
  /** `income` lines: the income's category. */
  category?: string;
}

/** One ledger transaction's disposals (lots at cost, proceeds, selling costs, gain) and acquisitions at cost. */
export interface GainsEntry {
  at: number;
  chainId: number;
  txHash: string;
  wallet: string;
  /** What happened, for the narration: `sold 0.5 ETH, acquired 1000 USDC`. */
  title: string;
  lines: GainsLine[];
}

/** A disposal or acquisition a journal cannot post: its proceeds or cost is unknown (never taken as 0). */
export interface LeftOut {
  kind: 'disposal' | 'acquisition';
  at: number;
  entryId: string;
  txHash: string;
  what: string;
  why: string;
}

export interface GainsJournal {
  entries: GainsEntry[];
  leftOut: LeftOut[];
  /** Disposals posted (each a group of `gains.csv` rows). */
  disposals: number;
}

const TRADE_CATEGORIES: ReadonlySet<string> = new Set(['trade', 'liquidity_add', 'liquidity_remove']);

/**
 * The period's realised gains as journal entries, one per ledger transaction: each disposal reduces the lots the
 * method chose (the report's pieces, at their cost), its proceeds go to `fees` (a fee), `exchange` (a trade) or
 * `spending`, its selling costs leave `fees` (the fee is in the gain, not an expense twice) and the gain is posted;
 * each acquisition enters as a lot at cost, against its income category, `exchange` (a trade) or `received`, and a
 * fee capitalised into its cost leaves `fees`. The period's acquisitions are its legs' events (`transactionEvents`,
 * as the replay ran them); an unknown proceeds or cost leaves the disposal or acquisition out, listed.
 */
export function gainsEntries(report: Pick<BasisReport, 'gains'>, legs: readonly BasisLeg[], settings: CostBasisSettings): GainsJournal {
  const entries = new Map<string, GainsEntry>();
  const leftOut: LeftOut[] = [];
  const units = new Map<string, Decimal>();
  const entryOf = (chainId: number, txHash: string, at: number, wallet: string): GainsEntry => {
    const key = `${chainId}:${txHash}`;
    let entry = entries.get(key);
    if (entry === undefined) entries.set(key, (entry = { at, chainId, txHash, wallet, title: '', lines: [] }));
    return entry;
  };
  const titles = new Map<GainsEntry, string[]>();
  const say = (entry: GainsEntry, text: string): void => void titles.set(entry, [...(titles.get(entry) ?? []), text]);

  let disposals = 0;
  for (const pieces of byDisposal(report.gains)) {
    const first = pieces[0] as GainRow;
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
    const entry = entryOf(first.chainId, first.txHash, first.soldAt, first.wallet);
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
    rows.forEach((row) => {
      const cost = row.costBasis as Decimal;
      const id = row.lotId ?? `${row.entryId}/${pieces.indexOf(row) + 1}`;
      const lot = { id, acquiredAt: row.acquiredAt, unit: unitOf(units, id, cost, row.quantity, row.decimals), pooled: row.lotId === null };
      entry.lines.push({ role: 'asset', amount: cost.neg(), holding, quantity: -row.quantity, lot, proceeds: row.proceeds as Decimal });
      proceeds = proceeds.add(row.proceeds as Decimal);
      costs = costs.add(row.sellingCosts as Decimal);
      gain = gain.add(row.gain as Decimal);
    });
    entry.lines.push({ role: first.kind === 'fee' ? 'fees' : first.kind === 'trade' ? 'exchange' : 'spending', amount: proceeds });
    if (!costs.isZero()) entry.lines.push({ role: 'fees', amount: costs.neg() });
    entry.lines.push({ role: 'gains', amount: gain.neg() });
    say(entry, first.kind === 'fee' ? `fee ${what.slice('sold '.length)}` : what);
  }

  const byId = new Map(legs.map((leg) => [leg.entryId, leg]));
  for (const group of byTransaction(legs)) {
    for (const event of transactionEvents(group, settings).events) {
      if (event.type !== 'acquire') continue;
      const leg = byId.get(event.entryId);
      const what = `${event.income === undefined ? 'acquired' : 'income'} ${formatUnits(event.quantity, event.holding.decimals)} ${event.holding.asset}`;
      if (event.cost === null) {
        leftOut.push({ kind: 'acquisition', at: event.timestamp, entryId: event.entryId, txHash: event.txHash, what, why: 'unknown cost' });
        continue;
      }
      // The replay keeps money as scaled integers; the journals write Decimals.
      const cost = toDecimal(event.cost);
      const entry = entryOf(event.holding.chainId, event.txHash, event.timestamp, event.holding.wallet);
      const unit = unitOf(units, event.entryId, cost, event.quantity, event.holding.decimals);
      const lot = { id: event.entryId, acquiredAt: event.timestamp, unit, pooled: false };
      entry.lines.push({ role: 'asset', amount: cost, holding: event.holding, quantity: event.quantity, lot });
      // A fee capitalised into the cost leaves `fees`; the rest is what the income, trade or gift brought.
      const value = leg?.value ?? null;
      const own = value !== null && value.lte(cost) ? value : cost;
      if (event.income !== undefined) entry.lines.push({ role: 'income', amount: own.neg(), category: event.income.category });
      else entry.lines.push({ role: TRADE_CATEGORIES.has(leg?.category ?? '') ? 'exchange' : 'received', amount: own.neg() });
      if (!own.eq(cost)) entry.lines.push({ role: 'fees', amount: cost.sub(own).neg() });
      say(entry, what);
    }
  }
  const ordered = [...entries.values()].sort((a, b) => a.at - b.at);
  for (const entry of ordered) entry.title = (titles.get(entry) ?? []).join(', ');
  return { entries: ordered, leftOut: leftOut.sort((a, b) => a.at - b.at), disposals };
}

/** A lot's cost per whole unit, the same for every piece of it (the first seen decides), so a journal matches it exactly. */
function unitOf(units: Map<string, Decimal>, id: string, cost: Decimal, quantity: bigint, decimals: number): Decimal {
  let unit = units.get(id);
  if (unit === undefined) units.set(id, (unit = cost.div(formatUnits(quantity, decimals))));
  return unit;
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
