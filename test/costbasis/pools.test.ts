import { describe, expect, it } from '@jest/globals';
import type { BasisMethod } from '../../src/costbasis/CostBasisSettings.js';
import { type PoolEvent, at, costOf, describePiece, runPool } from './poolDriver.js';

// Quantities in tenths of a unit (1.5 ETH = 15n), costs in the book's currency.
const t1: PoolEvent[] = [
  { lot: 'L1', at: at('2024-01-10'), quantity: 10n, cost: 1000 },
  { lot: 'L2', at: at('2024-03-01'), quantity: 10n, cost: 2000 },
  { take: 'D1', at: at('2024-06-01'), quantity: 15n },
  { take: 'D2', at: at('2024-07-01'), quantity: 5n },
];

describe('methods on one history (costbasis.md T1)', () => {
  it.each<[BasisMethod, string[], string[], string]>([
    ['fifo', ['L1 10 @ 1000', 'L2 5 @ 1000'], ['L2 5 @ 1000'], '2000'],
    ['lifo', ['L2 10 @ 2000', 'L1 5 @ 500'], ['L1 5 @ 500'], '2500'],
    ['hifo', ['L2 10 @ 2000', 'L1 5 @ 500'], ['L1 5 @ 500'], '2500'],
    ['average', ['pool 15 @ 2250'], ['pool 5 @ 750'], '2250'],
    ['uk', ['pool 15 @ 2250'], ['pool 5 @ 750'], '2250'],
  ])('%s takes D1 %j and D2 %j; every lot closed, the cost taken is 3000', (method, d1, d2, d1Cost) => {
    const { answers, pool } = runPool(method, t1);
    expect(answers.get('D1')?.pieces.map(describePiece)).toEqual(d1);
    expect(answers.get('D2')?.pieces.map(describePiece)).toEqual(d2);
    expect(costOf(answers.get('D1')?.pieces ?? [])?.toFixed()).toBe(d1Cost);
    const total = costOf([...(answers.get('D1')?.pieces ?? []), ...(answers.get('D2')?.pieces ?? [])]);
    expect(total?.toFixed()).toBe('3000');
    expect(pool.quantity()).toBe(0n);
    expect(pool.open()).toEqual([]);
  });

  it('fifo pieces keep the acquisition time of their lot; average pieces have none', () => {
    expect(
      runPool('fifo', t1)
        .answers.get('D1')
        ?.pieces.map((piece) => piece.acquiredAt),
    ).toEqual([at('2024-01-10'), at('2024-03-01')]);
    expect(runPool('average', t1).answers.get('D1')?.pieces).toMatchObject([{ lotId: null, acquiredAt: null }]);
  });
});

describe('orders (T2: hifo is not lifo)', () => {
  const t2: PoolEvent[] = [
    { lot: 'L1', at: at('2024-01-01'), quantity: 1n, cost: 2000 },
    { lot: 'L2', at: at('2024-02-01'), quantity: 1n, cost: 3000 },
    { lot: 'L3', at: at('2024-03-01'), quantity: 1n, cost: 1000 },
    { take: 'D', at: at('2024-04-01'), quantity: 1n },
  ];
  it.each<[BasisMethod, string]>([
    ['fifo', 'L1'],
    ['lifo', 'L3'],
    ['hifo', 'L2'],
  ])('%s takes %s', (method, lot) => {
    expect(
      runPool(method, t2)
        .answers.get('D')
        ?.pieces.map((piece) => piece.lotId),
    ).toEqual([lot]);
  });

  it('hifo compares unit cost, not cost, and takes the unknown-cost lot last; equal unit costs oldest first', () => {
    const { pool } = runPool('hifo', [
      { lot: 'unknown', at: at('2024-01-01'), quantity: 1n, cost: null },
      { lot: 'cheap-big', at: at('2024-01-02'), quantity: 100n, cost: 4000 },
      { lot: 'dear-small', at: at('2024-01-03'), quantity: 1n, cost: 60 },
      { lot: 'same-later', at: at('2024-01-05'), quantity: 2n, cost: 100 },
      { lot: 'same-earlier', at: at('2024-01-04'), quantity: 4n, cost: 200 },
    ]);
    expect(pool.open().map((piece) => piece.lotId)).toEqual(['dear-small', 'same-earlier', 'same-later', 'cheap-big', 'unknown']);
  });

  it('lots acquired out of time order still leave in order (a moved lot keeps its time)', () => {
    const events: PoolEvent[] = [
      { lot: 'new', at: at('2024-05-01'), quantity: 1n, cost: 1 },
      { lot: 'old', at: at('2024-01-01'), quantity: 1n, cost: 2 },
      { lot: 'mid', at: at('2024-03-01'), quantity: 1n, cost: 3 },
    ];
    expect(
      runPool('fifo', events)
        .pool.open()
        .map((piece) => piece.lotId),
    ).toEqual(['old', 'mid', 'new']);
    expect(
      runPool('lifo', events)
        .pool.open()
        .map((piece) => piece.lotId),
    ).toEqual(['new', 'mid', 'old']);
  });
});

describe('arithmetic of partial lots', () => {
  it.each<BasisMethod>(['fifo', 'lifo', 'hifo', 'average'])('%s: a lot of 3 costing 10 taken 1, 1, 1 sums to exactly 10', (method) => {
    const { answers } = runPool(method, [
      { lot: 'L', at: at('2024-01-01'), quantity: 3n, cost: 10 },
      { take: 'a', at: at('2024-02-01'), quantity: 1n },
      { take: 'b', at: at('2024-02-02'), quantity: 1n },
      { take: 'c', at: at('2024-02-03'), quantity: 1n },
    ]);
    const [a, b, c] = ['a', 'b', 'c'].map((ref) => costOf(answers.get(ref)?.pieces.slice(0, 1) ?? []));
    expect(a?.toFixed(4)).toBe('3.3333');
    expect(b?.toFixed(4)).toBe('3.3333');
    expect(
      a
        ?.plus(b ?? 0)
        .plus(c ?? 0)
        .toFixed(),
    ).toBe('10');
  });

  it('a partial lot costs cost × taken ÷ quantity and the rest stays open', () => {
    const { answers, pool } = runPool('fifo', [
      { lot: 'L', at: at('2024-01-01'), quantity: 4n, cost: 1000 },
      { take: 'D', at: at('2024-02-01'), quantity: 1n, purpose: 'removal' },
    ]);
    expect(answers.get('D')?.pieces.map(describePiece)).toEqual(['L 1 @ 250']);
    expect(pool.open().map(describePiece)).toEqual(['L 3 @ 750']);
    expect(pool.quantity()).toBe(3n);
  });
});

describe('what a pool cannot cover, and unknown costs', () => {
  it.each<BasisMethod>(['fifo', 'lifo', 'hifo', 'average'])('%s: a take larger than the pool answers the rest as short', (method) => {
    const { answers, pool } = runPool(method, [
      { lot: 'L', at: at('2024-01-01'), quantity: 10n, cost: 1000 },
      { take: 'D', at: at('2024-06-01'), quantity: 15n },
      { take: 'E', at: at('2024-06-02'), quantity: 2n, purpose: 'move' },
    ]);
    expect(answers.get('D')).toMatchObject({ short: 5n, pieces: [{ quantity: 10n }] });
    expect(costOf(answers.get('D')?.pieces ?? [])?.toFixed()).toBe('1000');
    expect(answers.get('E')).toMatchObject({ purpose: 'move', short: 2n, pieces: [] });
    expect(pool.quantity()).toBe(0n);
  });

  it('fifo keeps an unknown cost to its own lot', () => {
    const { answers } = runPool('fifo', [
      { lot: 'U', at: at('2024-01-01'), quantity: 1n, cost: null },
      { lot: 'K', at: at('2024-01-02'), quantity: 1n, cost: 50 },
      { take: 'D', at: at('2024-02-01'), quantity: 2n },
    ]);
    expect(answers.get('D')?.pieces.map(describePiece)).toEqual(['U 1 @ ?', 'K 1 @ 50']);
  });

  it('average: an unknown cost makes the pool unknown until it is emptied, then it is known again', () => {
    const { answers, pool } = runPool('average', [
      { lot: 'K', at: at('2024-01-01'), quantity: 2n, cost: 100 },
      { lot: 'U', at: at('2024-01-02'), quantity: 1n, cost: null },
      { take: 'a', at: at('2024-02-01'), quantity: 1n },
      { lot: 'K2', at: at('2024-02-02'), quantity: 1n, cost: 70 },
      { take: 'b', at: at('2024-02-03'), quantity: 3n },
      { lot: 'K3', at: at('2024-03-01'), quantity: 2n, cost: 30 },
      { take: 'c', at: at('2024-03-02'), quantity: 1n },
    ]);
    expect(answers.get('a')?.pieces.map(describePiece)).toEqual(['pool 1 @ ?']);
    expect(answers.get('b')?.pieces.map(describePiece)).toEqual(['pool 3 @ ?']);
    expect(answers.get('c')?.pieces.map(describePiece)).toEqual(['pool 1 @ 15']);
    expect(pool.open().map(describePiece)).toEqual(['pool 1 @ 15']);
  });
});
