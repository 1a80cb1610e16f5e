import { describe, expect, it } from '@jest/globals';
import type { LotPiece } from '../../src/costbasis/Lot.js';
import { makePool } from '../../src/costbasis/makePool.js';
import { toMoney } from '../../src/costbasis/scaledMoney.js';
import { Decimal } from '../../src/ledger/money.js';
import { type PoolEvent, costOf, describePiece, runPool } from './poolDriver.js';

/** Unix seconds of a UTC time (HMRC's examples at noon: the same UK day in summer and winter). */
const utc = (iso: string): number => Date.parse(iso.includes('T') ? iso : `${iso}T12:00:00Z`) / 1000;

/** The section 104 pool as it stands: its one piece without a lot. */
const poolOf = (open: readonly LotPiece[]): string[] => open.filter((piece) => piece.lotId === null).map(describePiece);

describe('uk: HMRC CRYPTO22200 worked examples', () => {
  it('same day (CRYPTO22252, T15): the day’s disposals are one, matched to the day’s acquisitions, also later that day', () => {
    const { answers, pool } = runPool('uk', [
      { lot: 'pool', at: utc('2022-01-01'), quantity: 5000n, cost: 500 },
      { take: 'd1', at: utc('2023-06-23T09:00:00Z'), quantity: 1000n },
      { lot: 'a', at: utc('2023-06-23T11:00:00Z'), quantity: 1600n, cost: 1000 },
      { take: 'd2', at: utc('2023-06-23T15:00:00Z'), quantity: 500n },
    ]);
    expect(answers.get('d1')?.pieces.map(describePiece)).toEqual(['a 1000 @ 625']);
    expect(answers.get('d2')?.pieces.map(describePiece)).toEqual(['a 500 @ 312.5']);
    expect(poolOf(pool.open())).toEqual(['pool 5100 @ 562.5']);
  });

  it('30 days across the tax year (CRYPTO22253, T16): earliest disposal first, earliest acquisition first', () => {
    const { answers, pool } = runPool('uk', [
      { lot: 'pool', at: utc('2022-01-01'), quantity: 2000n, cost: 1000 },
      { take: '31mar', at: utc('2023-03-31'), quantity: 1000n },
      { take: '20apr', at: utc('2023-04-20'), quantity: 500n },
      { lot: '21apr', at: utc('2023-04-21'), quantity: 700n, cost: 175 },
      { lot: '28apr', at: utc('2023-04-28'), quantity: 500n, cost: 100 },
      { lot: '1may', at: utc('2023-05-01'), quantity: 500n, cost: 150 },
    ]);
    expect(answers.get('31mar')?.pieces.map(describePiece)).toEqual(['21apr 700 @ 175', '28apr 300 @ 60']);
    expect(answers.get('20apr')?.pieces.map(describePiece)).toEqual(['28apr 200 @ 40', '1may 300 @ 90']);
    expect(poolOf(pool.open())).toEqual(['pool 2200 @ 1060']);
  });

  it('all three rules (CRYPTO22256, T17): same day, 30 days, then the pool the 30-day residual joined', () => {
    const { answers, pool } = runPool('uk', [
      { lot: 'pool', at: utc('2022-01-01'), quantity: 100_000n, cost: 300_000 },
      { lot: '31jul', at: utc('2023-07-31T08:00:00Z'), quantity: 10_000n, cost: 45_000 },
      { take: '31jul', at: utc('2023-07-31T10:00:00Z'), quantity: 30_000n },
      { take: '5aug', at: utc('2023-08-05'), quantity: 20_000n },
      { lot: '6aug', at: utc('2023-08-06'), quantity: 50_000n, cost: 225_000 },
      { take: '7aug', at: utc('2023-08-07'), quantity: 100_000n },
    ]);
    const costs = ['31jul', '5aug', '7aug'].map((ref) =>
      costOf(answers.get(ref)?.pieces ?? [])
        ?.toDecimalPlaces(2)
        .toFixed(),
    );
    expect(costs).toEqual(['135000', '90000', '313636.36']);
    // Gains against HMRC's proceeds: £15,000, £10,000 and a loss of £163,636.36.
    expect([150_000 - 135_000, 100_000 - 90_000, new Decimal(150_000).minus(costs[2] ?? 0).toFixed()]).toEqual([
      15_000,
      10_000,
      '-163636.36',
    ]);
    expect(answers.get('7aug')?.pieces).toMatchObject([{ lotId: null, acquiredAt: null, quantity: 100_000n }]);
    expect(poolOf(pool.open())).toEqual(['pool 10000 @ 31363.64']);
  });
});

describe('uk: when answers come, and UK days', () => {
  it('answers a disposal once the 30 days after its day are over, not before; moves at once', () => {
    const answered: string[] = [];
    const pool = makePool<string>('uk', (request) => answered.push(request.ref));
    pool.acquire({ lotId: 'L', acquiredAt: utc('2023-01-01'), quantity: 10n, cost: toMoney(new Decimal(100)) });
    pool.take({ purpose: 'disposal', at: utc('2023-07-31'), quantity: 4n, ref: 'sale' });
    pool.take({ purpose: 'move', at: utc('2023-07-31'), quantity: 1n, ref: 'wrap' });
    expect(answered).toEqual(['wrap']);
    pool.advance(utc('2023-08-30T22:59:59Z')); // still 30 August in London (BST)
    expect(answered).toEqual(['wrap']);
    pool.advance(utc('2023-08-30T23:00:00Z')); // 31 August in London: the window has closed
    expect(answered).toEqual(['wrap', 'sale']);
  });

  it('counts UK calendar days: 23:30 UTC in summer is the next day in London', () => {
    const events: PoolEvent[] = [
      { lot: 'pool', at: utc('2022-01-01'), quantity: 10n, cost: 100 },
      { lot: 'night', at: utc('2023-06-22T23:30:00Z'), quantity: 1n, cost: 50 },
      { take: 'd', at: utc('2023-06-23T12:00:00Z'), quantity: 1n },
    ];
    expect(runPool('uk', events).answers.get('d')?.pieces.map(describePiece)).toEqual(['night 1 @ 50']);
    // 22 December 23:30 UTC is still 22 December in London: that lot joined the pool (11 @ 150) the day before.
    const winter = events.map((event) => ({ ...event, at: event.at - 182 * 86400 }));
    expect(runPool('uk', winter).answers.get('d')?.pieces.map(describePiece)).toEqual(['pool 1 @ 13.64']);
  });

  it('a disposal larger than everything is short by the rest, once settled', () => {
    const { answers } = runPool('uk', [
      { lot: 'L', at: utc('2023-01-01'), quantity: 10n, cost: 100 },
      { take: 'd', at: utc('2023-03-01'), quantity: 15n },
      { lot: 'later', at: utc('2023-03-10'), quantity: 2n, cost: 30 },
    ]);
    expect(answers.get('d')?.pieces.map(describePiece)).toEqual(['later 2 @ 30', 'pool 10 @ 100']);
    expect(answers.get('d')?.short).toBe(3n);
  });

  it('a lot moved in with an earlier time joins the pool and is not matched as an acquisition', () => {
    const { answers, pool } = runPool('uk', [
      { lot: 'first', at: utc('2023-03-01'), quantity: 10n, cost: 100 },
      { take: 'd', at: utc('2023-03-05'), quantity: 5n },
      { take: 'm', at: utc('2023-03-10'), quantity: 1n, purpose: 'move' },
      { lot: 'moved', at: utc('2022-01-01'), quantity: 10n, cost: 300 },
    ]);
    // Arrived on 10 March, within the sale's 30 days, yet no bed and breakfast; and it joins after that sale's pool part.
    expect(answers.get('d')?.pieces.map(describePiece)).toEqual(['pool 5 @ 50']);
    expect(poolOf(pool.open())).toEqual(['pool 14 @ 340']);
  });

  it('a lot moved in the same day as a sale of it covers the sale (a wrap, then a sale of the wrapped coin)', () => {
    const { answers } = runPool('uk', [
      { lot: 'a', at: utc('2023-03-01'), quantity: 1n, cost: 10 },
      { take: 'd', at: utc('2023-03-05T10:00:00Z'), quantity: 3n },
      { lot: 'moved', at: utc('2022-01-01'), quantity: 2n, cost: 40 },
    ]);
    expect(answers.get('d')).toMatchObject({ short: 0n });
    expect(answers.get('d')?.pieces.map(describePiece)).toEqual(['pool 3 @ 50']);
  });

  it('moves and removals take from the pool first, then the day’s lots, at once and without matching', () => {
    const { answers, pool } = runPool('uk', [
      { lot: 'old', at: utc('2023-01-01'), quantity: 4n, cost: 40 },
      { lot: 'new', at: utc('2023-03-05T10:00:00Z'), quantity: 6n, cost: 120 },
      { take: 'm', at: utc('2023-03-05T11:00:00Z'), quantity: 6n, purpose: 'removal' },
      { take: 'd', at: utc('2023-03-05T12:00:00Z'), quantity: 1n },
    ]);
    expect(answers.get('m')?.pieces.map(describePiece)).toEqual(['pool 4 @ 40', 'new 2 @ 40']);
    expect(answers.get('d')?.pieces.map(describePiece)).toEqual(['new 1 @ 20']);
    expect(pool.open().map(describePiece)).toEqual(['pool 3 @ 60']);
  });

  it('a removal between two same-day purchases costs the day’s average (TCGA s105(1)(a)), answered at the day’s end', () => {
    const events: PoolEvent[] = [
      { lot: 'old', at: utc('2023-01-01'), quantity: 1n, cost: 10 },
      { lot: 'a', at: utc('2023-03-05T09:00:00Z'), quantity: 2n, cost: 100 },
      { take: 'g', at: utc('2023-03-05T10:00:00Z'), quantity: 2n, purpose: 'removal' },
      { lot: 'b', at: utc('2023-03-05T11:00:00Z'), quantity: 2n, cost: 300 },
      { take: 'd', at: utc('2023-03-05T12:00:00Z'), quantity: 1n },
    ];
    // a and b are one acquisition of 4 for 400: the gift's part of it and the sale each take it at 100 a unit.
    const { answers, pool } = runPool('uk', events);
    expect(answers.get('g')?.pieces.map(describePiece)).toEqual(['pool 1 @ 10', 'a 1 @ 100']);
    expect(answers.get('d')?.pieces.map(describePiece)).toEqual(['a 1 @ 100']);
    expect(pool.open().map(describePiece)).toEqual(['pool 2 @ 200']);
    // Until the day ends the gift has taken nothing: what it took is held (a period's end counts it open, its cost
    // neither removed nor lost), at the day's average so far; the day's end answers it.
    const given: string[] = [];
    const held = makePool<string>('uk', (request) => void given.push(request.ref));
    for (const event of events.slice(0, 4)) {
      if ('lot' in event)
        held.acquire({ lotId: event.lot, acquiredAt: event.at, quantity: event.quantity, cost: toMoney(new Decimal(event.cost ?? 0)) });
      else held.take({ purpose: event.purpose ?? 'disposal', at: event.at, quantity: event.quantity, ref: event.take });
    }
    expect([given, held.quantity(), held.open().map(describePiece)]).toEqual([
      [],
      5n,
      ['pool 1 @ 10', 'a 1 @ 100', 'a 1 @ 100', 'b 2 @ 200'],
    ]);
    held.advance(utc('2023-03-06'));
    expect([given, held.quantity(), held.open().map(describePiece)]).toEqual([['g'], 3n, ['pool 3 @ 300']]);
  });

  it('a move leaves a disposal still waiting for its 30 days the pool it claims, taking the lots that joined after it', () => {
    const { answers, pool } = runPool('uk', [
      { lot: 'old', at: utc('2023-01-01'), quantity: 10n, cost: 100 },
      { take: 'd', at: utc('2023-03-01'), quantity: 10n },
      // The next day the pool's coins are the sale's: a removal finds none free, though the sale has taken nothing yet.
      { take: 'over', at: utc('2023-03-02'), quantity: 1n, purpose: 'removal' },
      { lot: 'moved', at: utc('2022-06-01'), quantity: 10n, cost: 300 },
      { take: 'm', at: utc('2023-03-03'), quantity: 10n, purpose: 'move' },
    ]);
    expect(answers.get('m')?.pieces.map(describePiece)).toEqual(['moved 10 @ 300']);
    expect(answers.get('over')).toMatchObject({ pieces: [], short: 1n });
    expect(answers.get('d')).toMatchObject({ short: 0n });
    expect(answers.get('d')?.pieces.map(describePiece)).toEqual(['pool 10 @ 100']);
    expect(pool.open()).toEqual([]);
  });

  it('a 30-day acquisition larger than the disposal it matches joins the pool after it', () => {
    const { answers, pool } = runPool('uk', [
      { lot: 'old', at: utc('2023-01-01'), quantity: 4n, cost: 40 },
      { take: 'd', at: utc('2023-03-01'), quantity: 1n },
      { lot: 'new', at: utc('2023-03-05'), quantity: 6n, cost: 120 },
      { take: 'm', at: utc('2023-03-06'), quantity: 6n, purpose: 'move' },
    ]);
    expect(answers.get('d')?.pieces.map(describePiece)).toEqual(['new 1 @ 20']);
    expect(answers.get('m')?.pieces.map(describePiece)).toEqual(['pool 6 @ 93.33']);
    expect(pool.open().map(describePiece)).toEqual(['pool 3 @ 46.67']);
  });
});
