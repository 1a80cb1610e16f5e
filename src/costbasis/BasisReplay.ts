import type { AcquireEvent, ArriveEvent, BasisEvent, DisposeEvent, Holding, MoveEvent, RemoveEvent } from './BasisEvent.js';
import type { BasisIssue, BasisOutcome, BasisRowSink } from './BasisReport.js';
import { disposalRows, type TermOf } from './disposalRows.js';
import type { GainSink } from './GainSink.js';
import type { LotPiece } from './Lot.js';
import type { PoolBook, PoolEntry } from './PoolBook.js';
import { rescalePieces } from './rescalePieces.js';
import type { LotTrail } from './LotTrail.js';
import { type Money, toDecimal } from './scaledMoney.js';
import { sumOf } from './sumOf.js';

/** Lots a bridge's out-leg took, waiting for its in-leg. */
interface InTransit {
  pieces: readonly LotPiece[];
  short: bigint;
  moving: MoveEvent;
}

/**
 * Runs events against the pools and hands on the period's rows: disposals (answers may come later, under `uk`, and
 * are placed by their disposal's sequence), income, removals and issues; keeps each wallet's balance per asset
 * (for an allocation), and the lots in transit over a bridge.
 */
export class BasisReplay {
  readonly report: BasisOutcome;
  /** Each holding's balance (base units), in the order the holdings first appear. */
  private readonly held = new Map<Holding, bigint>();
  /** Disposals in the order they ran (the gain sink gets them in the order they are answered). */
  private sequence = 0;
  /** The disposals not answered yet (only `uk` answers later). */
  private readonly pending = new Set<number>();
  /**
   * No disposal that ran before this one is pending: the earliest pending is found from here, never from the set's
   * start (a set's iterator steps over every entry deleted since it was last compacted: under `uk`, where hundreds
   * wait for their 30 days, that scan was a quarter of the replay).
   */
  private earliest = 0;
  /** The disposal whose pool is being asked: pending until answered, kept out of `pending` when answered at once. */
  private asking = -1;
  private readonly transit = new Map<string, InTransit>();
  private readonly early = new Map<string, ArriveEvent>();

  constructor(
    readonly book: PoolBook,
    readonly period: { start: number; end: number },
    private readonly termOf: TermOf,
    private readonly gains: GainSink,
    private readonly rows: BasisRowSink,
    /** The journals' record of the lots open at the period's start, removed and moved; `null` when no journal reads it. */
    private readonly trail: LotTrail | null,
  ) {
    this.report = { openLots: [], allocations: [], ties: [], ...(trail === null ? {} : { trail }) };
  }

  inPeriod(time: number): boolean {
    return time >= this.period.start && time < this.period.end;
  }

  run(event: BasisEvent): void {
    switch (event.type) {
      case 'dispose':
        return this.dispose(event);
      case 'remove':
        return this.remove(event);
      case 'move':
        return this.move(event);
      case 'arrive':
        return this.arrive(event);
      case 'acquire':
        return this.acquire(event);
    }
  }

  issue(issue: BasisIssue): void {
    this.rows.issue(issue);
  }

  /** The report, every gain row handed to the sink (the pools settled: every disposal answered). */
  finish(): BasisOutcome {
    this.gains.answered(Number.POSITIVE_INFINITY);
    return this.report;
  }

  private dispose(event: DisposeEvent): void {
    const entry = this.book.poolOf(event.holding);
    this.shift(event.holding, -event.quantity);
    const sequence = this.sequence++;
    const { method } = entry.pool;
    this.asking = sequence;
    const ref = (pieces: readonly LotPiece[], short: bigint): void => {
      if (this.asking === sequence) this.asking = -1;
      else this.pending.delete(sequence);
      this.book.count(entry, 'disposed', pieces);
      if (this.inPeriod(event.timestamp)) {
        disposalRows(event, pieces, short, method, this.termOf, this.gains, sequence);
        this.shortfall(event, short, 'sold more than the pool held: the rest has no lot, basis or term');
        let unknown = 0n;
        for (const piece of pieces) if (piece.cost === null) unknown += piece.quantity;
        if (unknown > 0n)
          this.eventIssue(event, 'missing_basis', unknown, 'sold from lots of unknown cost: the basis and gain are left empty');
      } else if (event.timestamp < this.period.start && this.trail?.started === true) {
        // A disposal before the period matched only now (uk's 30 days) takes lots the period's start still held.
        this.trail.opening.push({ holding: event.holding, pieces, owed: true });
      }
      while (this.earliest < this.sequence && this.earliest !== this.asking && !this.pending.has(this.earliest)) this.earliest += 1;
      this.gains.answered(this.earliest < this.sequence ? this.earliest : Number.POSITIVE_INFINITY);
    };
    entry.pool.take({ purpose: 'disposal', at: event.timestamp, quantity: event.quantity, ref });
    // Answered later (uk): it waits. Most are answered within the take, and never enter the set.
    if (this.asking === sequence) {
      this.asking = -1;
      this.pending.add(sequence);
    }
  }

  private remove(event: RemoveEvent): void {
    const entry = this.book.poolOf(event.holding);
    this.shift(event.holding, -event.quantity);
    const ref = (pieces: readonly LotPiece[], short: bigint): void => {
      this.book.count(entry, 'removed', pieces);
      if (!this.inPeriod(event.timestamp)) return;
      this.trail?.removed(event, pieces, short);
      const known = short === 0n && pieces.every((piece) => piece.cost !== null);
      const { wallet, asset, assetContract, decimals } = event.holding;
      this.rows.removal({
        entryId: event.entryId,
        timestamp: event.timestamp,
        wallet,
        asset,
        assetContract,
        quantity: event.quantity,
        decimals,
        kind: event.kind,
        costBasis: known ? toDecimal(sumOf(pieces.map((piece) => piece.cost as Money))) : null,
      });
      this.shortfall(event, short, 'removed more than the pool held');
    };
    entry.pool.take({ purpose: 'removal', at: event.timestamp, quantity: event.quantity, ref });
  }

  private move(event: MoveEvent): void {
    const { target } = event;
    const source = this.book.poolOf(event.holding);
    this.shift(event.holding, -event.quantity);
    if ('transitTo' in target) {
      this.take(source, event, (pieces, short) => {
        const arrived = this.early.get(target.transitTo);
        if (arrived === undefined) return void this.transit.set(target.transitTo, { pieces, short, moving: event });
        this.early.delete(target.transitTo);
        this.deliver(arrived, { pieces, short, moving: event });
      });
      return;
    }
    this.shift(target.holding, target.quantity);
    if (this.book.poolOf(target.holding) === source) return;
    const arrival = { holding: target.holding, quantity: target.quantity, timestamp: event.timestamp };
    this.take(source, event, (pieces, short) => this.deliver(arrival, { pieces, short, moving: event }));
  }

  private arrive(event: ArriveEvent): void {
    this.shift(event.holding, event.quantity);
    const sent = this.transit.get(event.entryId);
    if (sent === undefined) return void this.early.set(event.entryId, event);
    this.transit.delete(event.entryId);
    this.deliver(event, sent);
  }

  private acquire(event: AcquireEvent): void {
    this.shift(event.holding, event.quantity);
    const entry = this.book.poolOf(event.holding);
    const lot = { lotId: event.entryId, acquiredAt: event.timestamp, quantity: event.quantity, cost: event.cost };
    entry.pool.acquire(lot);
    this.book.countOne(entry, 'acquired', lot);
    if (event.income === undefined || !this.inPeriod(event.timestamp)) return;
    const { wallet, chainId, asset, assetContract, decimals } = event.holding;
    this.rows.income({
      entryId: event.entryId,
      timestamp: event.timestamp,
      txHash: event.txHash,
      chainId,
      wallet,
      asset,
      assetContract,
      quantity: event.quantity,
      decimals,
      ...event.income,
    });
  }

  /** Lots leave a pool for a move (answered at once by every method); the pool's tie counts them out. */
  private take(source: PoolEntry, event: MoveEvent, then: (pieces: readonly LotPiece[], short: bigint) => void): void {
    const ref = (pieces: readonly LotPiece[], short: bigint): void => {
      this.book.count(source, 'movedOut', pieces);
      then(pieces, short);
    };
    source.pool.take({ purpose: 'move', at: event.timestamp, quantity: event.quantity, ref });
  }

  /**
   * Moved lots enter their new pool with id, time and cost kept (in the target's units); what the source could not
   * cover arrives as a lot of unknown cost, its id the moving leg's, acquired at the move. A pooled share (`average`,
   * `uk`'s section 104: no time) arrives dated before everything, so a `uk` pool takes it into its pool, not as the
   * day's acquisition.
   */
  private deliver(arrival: Pick<ArriveEvent, 'holding' | 'quantity' | 'timestamp'>, sent: InTransit): void {
    const destination = this.book.poolOf(arrival.holding);
    const { moving, short } = sent;
    const missing: LotPiece[] = short > 0n ? [{ lotId: moving.entryId, acquiredAt: moving.timestamp, quantity: short, cost: null }] : [];
    const arrived = rescalePieces([...sent.pieces, ...missing], moving.quantity, arrival.quantity);
    if (this.trail !== null && (this.inPeriod(moving.timestamp) || this.inPeriod(arrival.timestamp)))
      this.trail.moved(moving, sent.pieces, { ...arrival, pieces: arrived }, !this.inPeriod(moving.timestamp));
    const lots = arrived.map((piece) => ({
      lotId: piece.lotId ?? moving.entryId,
      acquiredAt: piece.acquiredAt ?? 0,
      quantity: piece.quantity,
      cost: piece.cost,
      knownCost: piece.knownCost,
    }));
    for (const lot of lots) destination.pool.acquire(lot);
    this.book.count(destination, 'movedIn', lots);
    if (this.inPeriod(moving.timestamp)) this.shortfall(moving, short, 'moved more than the pool held: the rest arrives at unknown cost');
  }

  private shortfall(event: BasisEvent, short: bigint, detail: string): void {
    if (short > 0n) this.eventIssue(event, 'missing_acquisition', short, detail);
  }

  private eventIssue(event: BasisEvent, issue: string, quantity: bigint, detail: string): void {
    this.rows.issue({ entryId: event.entryId, issue, quantity, decimals: event.holding.decimals, detail });
  }

  /**
   * The lots open at the period's start, for the journals: each pool's, under the universal scope in the holding of a
   * wallet that holds the asset then (the pool is not per wallet).
   */
  startTrail(): void {
    const { trail } = this;
    if (trail === null || trail.started) return;
    trail.started = true;
    for (const entry of this.book.entries()) {
      const pieces = entry.pool.open();
      if (pieces.length === 0) continue;
      const { chainId, asset, assetContract, decimals } = entry;
      const wallet = entry.wallet ?? this.balancesOf(chainId, assetContract).find((held) => held.balance > 0n)?.wallet ?? '';
      trail.opening.push({ holding: { wallet, chainId, asset, assetContract, decimals }, pieces, owed: false });
    }
  }

  /** Every wallet in the order it first appeared, with its balance of one asset (for an allocation). */
  balancesOf(chainId: number, assetContract: string): { wallet: string; balance: bigint }[] {
    const wallets = new Map<string, bigint>();
    for (const [holding, balance] of this.held) {
      const mine = holding.chainId === chainId && holding.assetContract === assetContract;
      wallets.set(holding.wallet, (wallets.get(holding.wallet) ?? 0n) + (mine ? balance : 0n));
    }
    return [...wallets].map(([wallet, balance]) => ({ wallet, balance }));
  }

  private shift(holding: Holding, delta: bigint): void {
    this.held.set(holding, (this.held.get(holding) ?? 0n) + delta);
  }
}
