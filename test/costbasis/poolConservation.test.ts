import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { BASIS_METHODS, type BasisMethod } from '../../src/costbasis/CostBasisSettings.js';
import { Decimal } from '../../src/ledger/money.js';
import { type PoolEvent, costOf, runPool } from './poolDriver.js';

// uk joins once its pool is built.
const METHODS = BASIS_METHODS.filter((method): method is BasisMethod => method !== 'uk');
const start = Date.UTC(2024, 0, 1) / 1000;

/** Histories in time order: lots (cost unknown now and then) and requests of every purpose, hours to weeks apart. */
const histories = (unknownCosts: boolean) =>
  fc
    .array(
      fc.record({
        gap: fc.integer({ min: 0, max: 40 * 86400 }),
        take: fc.boolean(),
        quantity: fc.bigInt({ min: 1n, max: 1000n }),
        cost: unknownCosts ? fc.option(fc.integer({ min: 0, max: 100000 }), { freq: 5 }) : fc.integer({ min: 0, max: 100000 }),
        purpose: fc.constantFrom('disposal' as const, 'removal' as const, 'move' as const),
      }),
      { maxLength: 40 },
    )
    .map((steps) => {
      let time = start;
      return steps.map((step, index): PoolEvent => {
        time += step.gap;
        return step.take
          ? { take: `t${index}`, at: time, quantity: step.quantity, purpose: step.purpose }
          : { lot: `l${index}`, at: time, quantity: step.quantity, cost: step.cost };
      });
    });

describe('every method conserves quantity and cost', () => {
  it.each(METHODS)('%s: each request answered once, taken + short = asked, taken + open = acquired', (method) => {
    fc.assert(
      fc.property(histories(false), (events) => {
        const { answers, pool } = runPool(method, events);
        let acquired = 0n;
        let acquiredCost = new Decimal(0);
        for (const event of events) {
          if ('lot' in event) {
            acquired += event.quantity;
            acquiredCost = acquiredCost.plus(event.cost ?? 0);
          } else {
            const answer = answers.get(event.take);
            expect(answer?.pieces.reduce((sum, piece) => sum + piece.quantity, answer.short)).toBe(event.quantity);
            expect(answer?.pieces.every((piece) => piece.quantity > 0n)).toBe(true);
          }
        }
        const pieces = [...[...answers.values()].flatMap((answer) => answer.pieces), ...pool.open()];
        expect(pieces.reduce((sum, piece) => sum + piece.quantity, 0n)).toBe(acquired);
        expect(pool.quantity()).toBe(pool.open().reduce((sum, piece) => sum + piece.quantity, 0n));
        expect(costOf(pieces)?.equals(acquiredCost)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it.each(METHODS)('%s: with unknown costs, quantity is still conserved and no unknown becomes known', (method) => {
    fc.assert(
      fc.property(histories(true), (events) => {
        const { answers, pool } = runPool(method, events);
        const acquired = events.reduce((sum, event) => sum + ('lot' in event ? event.quantity : 0n), 0n);
        const pieces = [...[...answers.values()].flatMap((answer) => answer.pieces), ...pool.open()];
        expect(pieces.reduce((sum, piece) => sum + piece.quantity, 0n)).toBe(acquired);
        const anyUnknown = events.some((event) => 'lot' in event && event.cost === null);
        if (anyUnknown && acquired > 0n) expect(pieces.some((piece) => piece.cost === null)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
