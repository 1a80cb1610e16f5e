import type { BasisLeg } from './BasisLeg.js';
import type { BasisOutcome, BasisRowSink } from './BasisReport.js';
import { BasisReplay } from './BasisReplay.js';
import type { BasisChange, BasisMethod, BasisScope, CostBasisSettings } from './CostBasisSettings.js';
import { dayStart } from './dayStart.js';
import type { GainSink } from './GainSink.js';
import { Holdings } from './Holdings.js';
import { holdingTerm } from './holdingTerm.js';
import { LotTrail } from './LotTrail.js';
import type { OpeningLot } from './Lot.js';
import { makePool } from './makePool.js';
import { openLotRow } from './openLotRow.js';
import { PoolBook } from './PoolBook.js';
import { toMoney } from './scaledMoney.js';
import { switchScope } from './switchScope.js';
import { transactionEvents } from './transactionEvents.js';

export interface ReplayOptions {
  settings: CostBasisSettings;
  /** Unix seconds, `end` exclusive: which disposals, income and removals are reported, and when lots are counted open. */
  period: { start: number; end: number };
  /** The job's time zone: the calendar days of terms and of the `changes`. */
  timezone: string;
  openingLots?: readonly OpeningLot[];
  /** Record the lot trail (`BasisOutcome.trail`): only the journals with lots read it, and it grows with the period. */
  trail?: boolean;
}

/**
 * Cost basis in one pass over the ledger, fed a leg at a time: legs in ledger order from each wallet's first entry
 * (history before the period included) become events transaction by transaction and run against the pools of the
 * current method and scope; dated changes switch them as they come. The period's rows go to `gains` and `rows` as
 * they are made; it holds the open lots, never the legs (but the transaction being read).
 */
export class BasisRun {
  private readonly replay: BasisReplay;
  private readonly changes: (BasisChange & { at: number })[];
  private method: BasisMethod;
  private scope: BasisScope;
  private counted = false;
  private day = Number.NaN;
  private readonly holdings = new Holdings();
  private group: BasisLeg[] = [];

  constructor(
    private readonly options: ReplayOptions,
    gains: GainSink,
    rows: BasisRowSink,
  ) {
    const { settings, period, timezone } = options;
    const termOf =
      settings.profile === 'uk' ? () => null : (acquiredAt: number, soldAt: number) => holdingTerm(acquiredAt, soldAt, timezone);
    const trail = options.trail === true ? new LotTrail() : null;
    this.replay = new BasisReplay(new PoolBook(settings.method, settings.scope, makePool), period, termOf, gains, rows, trail);
    this.changes = settings.changes.map((change) => ({ ...change, at: dayStart(change.from, timezone) }));
    this.method = settings.method;
    this.scope = settings.scope;
    for (const lot of options.openingLots ?? []) open(this.replay, lot);
  }

  /** The next leg in ledger order: a transaction runs once its last leg is read. */
  add(leg: BasisLeg): void {
    const first = this.group[0];
    if (first !== undefined && (first.txHash !== leg.txHash || first.chainId !== leg.chainId)) this.runGroup();
    this.group.push(leg);
  }

  /** After the last leg: the pools settled, the open lots and ties counted (at the period's end, if no leg reached it). */
  end(): BasisOutcome {
    this.runGroup();
    const { replay } = this;
    if (!this.counted) {
      this.reach(this.options.period.end - 1);
      for (const entry of replay.book.entries()) entry.pool.settle();
      if (replay.report.trail !== undefined) replay.report.trail.settledBeforeEnd = true;
      this.count();
    }
    for (const entry of replay.book.entries()) entry.pool.settle();
    return replay.finish();
  }

  private runGroup(): void {
    const { group, replay } = this;
    const first = group[0];
    if (first === undefined) return;
    this.reach(first.timestamp);
    const { events, issues } = transactionEvents(group, this.options.settings, this.holdings);
    if (replay.inPeriod(first.timestamp)) for (const issue of issues) replay.issue(issue);
    for (const event of events) replay.run(event);
    this.group = [];
  }

  /** Open lots and ties at the period's end, once: what a later leg does is not the period's. */
  private count(): void {
    if (this.counted) return;
    this.counted = true;
    const { replay } = this;
    const { end } = this.options.period;
    for (const entry of replay.book.entries()) entry.pool.advance(end);
    for (const entry of replay.book.entries()) {
      for (const piece of entry.pool.open()) replay.report.openLots.push(openLotRow(entry.wallet, entry, piece));
    }
    replay.report.ties = replay.book.tiesNow();
  }

  /** Everything due before `time`: the changes that start by then, the period's end, a new day for the `uk` pools. */
  private reach(time: number): void {
    const { changes, replay } = this;
    const { start, end } = this.options.period;
    while (changes.length > 0 && (changes[0]?.at as number) <= time) {
      const change = changes.shift() as (typeof changes)[number];
      if (change.at > start) replay.startTrail();
      if (change.at >= end) this.count();
      this.method = change.method ?? this.method;
      this.scope = change.scope ?? this.scope;
      switchScope(replay, this.method, this.scope, change.at, change.from);
    }
    if (time >= start) replay.startTrail();
    if (time >= end) this.count();
    if (this.method === 'uk' && Math.floor(time / 86400) !== this.day) {
      this.day = Math.floor(time / 86400);
      for (const entry of replay.book.entries()) entry.pool.advance(time);
    }
  }
}

/** An opening lot enters its pool before the first leg (under the wallet scope it must name its wallet). */
function open(replay: BasisReplay, lot: OpeningLot): void {
  const { wallet, chainId, asset, assetContract, decimals, lotId, acquiredAt, quantity, cost } = lot;
  if (wallet === null && replay.book.scope === 'wallet') {
    const detail = 'an opening lot without a wallet under per-wallet pools: give its wallet';
    return replay.issue({ entryId: lotId, issue: 'opening_lot_without_wallet', quantity, decimals, detail });
  }
  const entry = replay.book.poolOf({ wallet: wallet ?? '', chainId, asset, assetContract, decimals });
  const opening = { lotId, acquiredAt, quantity, cost: cost === null ? null : toMoney(cost) };
  entry.pool.acquire(opening);
  replay.book.count(entry, 'acquired', [opening]);
}
