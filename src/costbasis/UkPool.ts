import { addToShare } from './AveragePool.js';
import type { Lot, LotPiece } from './Lot.js';
import type { Pool, TakeAnswer, TakeRequest } from './Pool.js';
import { type Share, takePart } from './proRata.js';
import { type Reserved, SameDayLots } from './SameDayLots.js';
import { ukDay } from './ukDay.js';

/** A disposal acquired within this many days after its day is matched to it (bed and breakfast, CRYPTO22254). */
const BED_AND_BREAKFAST_DAYS = 30;

/** A UK day's disposals as one (CRYPTO22252), matched so far; what is `remaining` waits for later acquisitions or the pool. */
interface DisposalDay<Ref> {
  kind: 'disposal';
  day: number;
  requests: TakeRequest<Ref>[];
  pieces: LotPiece[];
  remaining: bigint;
}

/**
 * A closed day's acquisitions left after matching, or a lot moved in: they join the section 104 pool once every earlier
 * disposal has taken its pool part.
 */
interface JoiningDay {
  kind: 'join';
  day: number;
  lots: SameDayLots;
}

/**
 * A removal that took part of the open day's acquisitions: the day is one acquisition (CRYPTO22252), so that part
 * costs the whole day's average, known at its end; it is answered then, with what it took from the pool before.
 */
interface HeldRemoval<Ref> {
  request: TakeRequest<Ref>;
  pieces: LotPiece[];
  reserved: Reserved;
  short: bigint;
}

/** The day still open: its acquisitions can still be matched to its own later disposals. */
interface OpenDay<Ref> {
  day: number;
  acquired: SameDayLots;
  requests: TakeRequest<Ref>[];
  removals: HeldRemoval<Ref>[];
}

/**
 * `uk`: HMRC's matching (CRYPTO22200 ff.). A day's disposals are matched to the same day's acquisitions, then to the
 * acquisitions of the next 30 days (earliest disposal day first, earliest acquisition first), then to the section 104
 * pool, an average. The section 104 steps run in day order: a disposal's pool part waits until its 30 days are over,
 * and the days acquired after it join the pool only then; so a disposal is answered when its matching is settled.
 * Moves and removals are no disposals (no matching): they take from what is held, the pool first, at once; a removal
 * that takes part of the day's own acquisitions is answered at the day's end, at the day's average (see `takeHeld`).
 */
export class UkPool<Ref = unknown> implements Pool<Ref> {
  readonly method = 'uk';
  private readonly s104: Share = { quantity: 0n, cost: 0n };
  /** Closed days whose section 104 step is still to come, in day order. */
  private readonly waiting: (DisposalDay<Ref> | JoiningDay)[] = [];
  private today: OpenDay<Ref> | undefined;

  constructor(private readonly answer: TakeAnswer<Ref>) {}

  acquire(lot: Lot): void {
    const day = ukDay(lot.acquiredAt);
    if (this.today === undefined || day >= this.today.day) {
      this.openDay(day).acquired.add(lot);
      return;
    }
    // A lot arriving with an earlier time was moved in (basis kept): no acquisition to match, it joins the pool now,
    // after the earlier days' disposals still waiting and before today's (a wrap, then a sale of the wrapped coin).
    const carried = new SameDayLots();
    carried.add(lot);
    this.waiting.push({ kind: 'join', day: this.today.day, lots: carried });
    this.runPool(this.today.day);
  }

  take(request: TakeRequest<Ref>): void {
    const today = this.openDay(ukDay(request.at));
    if (request.purpose === 'disposal') today.requests.push(request);
    else this.takeHeld(request);
  }

  advance(time: number): void {
    this.openDay(ukDay(time));
  }

  settle(): void {
    this.closeToday();
    this.runPool(Number.POSITIVE_INFINITY);
  }

  /**
   * The pool, then the days waiting to join it, then today's lots: what a move or removal would take, in that order;
   * last, the acquisitions already matched to a disposal still waiting, which nothing else may take. A waiting disposal
   * has taken nothing yet (it is answered, and its cost counted out, once its matching is settled): until then what it
   * is matched to is still held, or a period's end would count that cost neither open nor disposed. So has a removal
   * waiting for its day's end: what it took is held too (today's lots count what it reserved).
   */
  open(): readonly LotPiece[] {
    const pool = this.s104.quantity > 0n ? [{ lotId: null, acquiredAt: null, ...this.s104 }] : [];
    // Copies: the matched pieces are dealt to the disposal's entries later, which takes from them.
    const matched = this.waitingDisposals().flatMap((disposal) => disposal.pieces.map((piece) => ({ ...piece })));
    const removing = (this.today?.removals ?? []).flatMap((removal) => removal.pieces.map((piece) => ({ ...piece })));
    return [...pool, ...removing, ...this.heldDays().flatMap((lots) => lots.open()), ...matched];
  }

  /** Held now; a disposal still waiting for its matching, and a removal for its day's end, still count (see `open`). */
  quantity(): bigint {
    const held = this.heldDays().reduce((sum, lots) => sum + lots.quantity + lots.reserved, this.s104.quantity);
    const removing = (this.today?.removals ?? []).flatMap((removal) => removal.pieces);
    const claimed = [...this.waitingDisposals().flatMap((disposal) => disposal.pieces), ...removing];
    return claimed.reduce((sum, piece) => sum + piece.quantity, held);
  }

  /** Moves to `day` (never back: a late request counts on the day already open), closing the days before it. */
  private openDay(day: number): OpenDay<Ref> {
    if (this.today !== undefined && day <= this.today.day) return this.today;
    this.closeToday();
    this.runPool(day);
    this.today = { day, acquired: new SameDayLots(), requests: [], removals: [] };
    return this.today;
  }

  /** Same day, then the 30-day rule for the earlier disposals still short; the rest queues for the pool. */
  private closeToday(): void {
    const today = this.today;
    if (today === undefined) return;
    this.today = undefined;
    const { day, acquired } = today;
    // The day's acquisitions are complete: what its removals reserved costs their average, as the rest of the day.
    for (const { request, pieces, reserved, short } of today.removals)
      this.answer(request, [...pieces, ...acquired.priced(reserved)], short);
    if (today.requests.length > 0) {
      const disposal: DisposalDay<Ref> = { kind: 'disposal', day, requests: today.requests, pieces: [], remaining: 0n };
      disposal.remaining = today.requests.reduce((sum, request) => sum + request.quantity, 0n);
      this.match(disposal, acquired);
      this.waiting.push(disposal);
    }
    // A day that acquired nothing matches nothing: most days of most pools (every pool's day is closed as time passes).
    for (const step of acquired.quantity > 0n ? this.waiting : []) {
      if (step.kind === 'disposal' && step.day < day && step.day + BED_AND_BREAKFAST_DAYS >= day) this.match(step, acquired);
    }
    if (acquired.quantity > 0n) this.waiting.push({ kind: 'join', day, lots: acquired });
  }

  private match(disposal: DisposalDay<Ref>, acquired: SameDayLots): void {
    const part = disposal.remaining < acquired.quantity ? disposal.remaining : acquired.quantity;
    if (part === 0n) return;
    disposal.pieces.push(...acquired.take(part));
    disposal.remaining -= part;
  }

  /** Runs the section 104 steps in day order until a disposal whose 30 days reach `day` (not closed yet). */
  private runPool(day: number): void {
    for (let step = this.waiting[0]; step !== undefined; step = this.waiting[0]) {
      if (step.kind === 'join') {
        addToShare(this.s104, step.lots.share);
      } else {
        if (step.remaining > 0n && step.day + BED_AND_BREAKFAST_DAYS >= day) return;
        const part = step.remaining < this.s104.quantity ? step.remaining : this.s104.quantity;
        if (part > 0n) step.pieces.push({ lotId: null, acquiredAt: null, ...takePart(this.s104, part) });
        this.deal(step);
      }
      this.waiting.shift();
    }
  }

  /** The day's pieces dealt to its disposals in their order, so each entry's pieces sum to the day's; the rest is short. */
  private deal(disposal: DisposalDay<Ref>): void {
    let index = 0;
    for (const request of disposal.requests) {
      const pieces: LotPiece[] = [];
      let wanted = request.quantity;
      for (let piece = disposal.pieces[index]; wanted > 0n && piece !== undefined; piece = disposal.pieces[index]) {
        const part = wanted < piece.quantity ? wanted : piece.quantity;
        pieces.push({ lotId: piece.lotId, acquiredAt: piece.acquiredAt, ...takePart(piece, part) });
        wanted -= part;
        if (piece.quantity === 0n) index += 1;
      }
      this.answer(request, pieces, wanted);
    }
  }

  /**
   * A move or removal: from the pool, then the days waiting to join it, then today's lots, but never what a disposal
   * still waiting has a claim on. HMRC matches a disposal with the same person's acquisitions within 30 days, then
   * with the pool as it stood (CRYPTO22200); a move between the person's own pools is no acquisition and comes after
   * the disposal, so it must leave the disposal what it will take: otherwise a move could overtake a sale waiting for
   * its 30 days and leave it short of coins the ledger held. What the claims leave is `free`; beyond it the move is short.
   * A removal's part of today's acquisitions is reserved and the removal answered at the day's end, at the day's
   * average: they are one acquisition (TCGA 1992 s105(1)(a), CRYPTO22252), whose cost a purchase later that day still
   * changes. A move is answered at once (its lots arrive in their new pool now), today's part at the average so far.
   */
  private takeHeld(request: TakeRequest<Ref>): void {
    const free = this.freeAfterClaims();
    let wanted = request.quantity;
    let taken = 0n;
    const pieces: LotPiece[] = [];
    const fromPool = min(wanted, this.s104.quantity, free.pool);
    if (fromPool > 0n) pieces.push({ lotId: null, acquiredAt: null, ...takePart(this.s104, fromPool) });
    wanted -= fromPool;
    taken += fromPool;
    let reserved: Reserved = [];
    for (const { lots, limit } of free.days) {
      const part = min(wanted, lots.quantity, limit - taken);
      if (part <= 0n) continue;
      if (request.purpose === 'removal' && lots === this.today?.acquired) reserved = lots.reserve(part);
      else pieces.push(...lots.take(part));
      wanted -= part;
      taken += part;
    }
    if (reserved.length > 0) this.today?.removals.push({ request, pieces, reserved, short: wanted });
    else this.answer(request, pieces, wanted);
  }

  /**
   * How much a move may take, walking the section 104 steps to come: the pool runs down by each waiting disposal's
   * claim and up by each day joining, today's lots join last and today's disposals claim last. Taking from the pool
   * lowers every later level; taking from a day lowers the levels after it: each may take down to the lowest level
   * after it (`limit`, counted with what was taken before it).
   */
  private freeAfterClaims(): { pool: bigint; days: { lots: SameDayLots; limit: bigint }[] } {
    const steps: { lots: SameDayLots | null; level: bigint }[] = [];
    let level = this.s104.quantity;
    for (const step of this.waiting) {
      if (step.kind === 'join') level += step.lots.quantity;
      else level -= step.remaining;
      steps.push({ lots: step.kind === 'join' ? step.lots : null, level });
    }
    if (this.today !== undefined) {
      level += this.today.acquired.quantity;
      steps.push({ lots: this.today.acquired, level });
      level -= this.today.requests.reduce((sum, request) => sum + request.quantity, 0n);
      steps.push({ lots: null, level });
    }
    // Lowest level at or after each step (the claims are the steps that lower it; a day's own level counts too).
    const days: { lots: SameDayLots; limit: bigint }[] = [];
    let lowest = level;
    for (let index = steps.length - 1; index >= 0; index -= 1) {
      const step = steps[index] as { lots: SameDayLots | null; level: bigint };
      if (step.lots !== null) days.push({ lots: step.lots, limit: lowest });
      if (step.level < lowest) lowest = step.level;
    }
    days.reverse();
    return { pool: lowest < 0n ? 0n : lowest, days };
  }

  private waitingDisposals(): DisposalDay<Ref>[] {
    return this.waiting.flatMap((step) => (step.kind === 'disposal' ? [step] : []));
  }

  private heldDays(): SameDayLots[] {
    const joining = this.waiting.flatMap((step) => (step.kind === 'join' ? [step.lots] : []));
    return this.today === undefined ? joining : [...joining, this.today.acquired];
  }
}

function min(a: bigint, b: bigint, c: bigint): bigint {
  const ab = a < b ? a : b;
  return ab < c ? ab : c;
}
