import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ukDay } from '../../src/costbasis/ukDay.js';
import { Decimal } from '../../src/ledger/money.js';
import { type PoolEvent, costOf, runPool } from './poolDriver.js';

interface Day {
  acquired: bigint;
  cost: Decimal;
  disposed: bigint;
  matchedCost: Decimal;
}

/**
 * costbasis.md B5 as written, over whole days at once: every day's same-day match, then the 30-day rule for the
 * disposal days in order, then the section 104 pool in day order. The pool's running version must agree with it.
 */
function referenceMatching(events: readonly PoolEvent[]): Map<number, { cost: string; short: bigint }> {
  const days = new Map<number, Day>();
  for (const event of events) {
    const key = ukDay(event.at);
    const day = days.get(key) ?? { acquired: 0n, cost: new Decimal(0), disposed: 0n, matchedCost: new Decimal(0) };
    days.set(key, day);
    if ('lot' in event) {
      day.acquired += event.quantity;
      day.cost = day.cost.plus(event.cost ?? 0);
    } else day.disposed += event.quantity;
  }
  const order = [...days.keys()].sort((a, b) => a - b);
  const take = (day: Day, quantity: bigint): Decimal => {
    const cost = day.cost.mul(quantity.toString()).div(day.acquired.toString());
    day.acquired -= quantity;
    day.cost = day.cost.minus(cost);
    return cost;
  };
  const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);
  for (const day of days.values()) {
    const same = min(day.acquired, day.disposed);
    if (same > 0n) day.matchedCost = take(day, same);
    day.disposed -= same;
  }
  for (const d of order) {
    const disposal = days.get(d)!;
    for (const a of order.filter((a) => a > d && a <= d + 30)) {
      const later = days.get(a)!;
      const part = min(disposal.disposed, later.acquired);
      if (part > 0n) disposal.matchedCost = disposal.matchedCost.plus(take(later, part));
      disposal.disposed -= part;
    }
  }
  const pool = { acquired: 0n, cost: new Decimal(0), disposed: 0n, matchedCost: new Decimal(0) };
  const result = new Map<number, { cost: string; short: bigint }>();
  for (const d of order) {
    const day = days.get(d)!;
    const part = min(day.disposed, pool.acquired);
    if (part > 0n) day.matchedCost = day.matchedCost.plus(take(pool, part));
    result.set(d, { cost: day.matchedCost.toFixed(12), short: day.disposed - part });
    pool.acquired += day.acquired;
    pool.cost = pool.cost.plus(day.cost);
  }
  return result;
}

const start = Date.UTC(2023, 0, 2, 8) / 1000;

/** Histories over a few months: several events a day now and then, hours apart inside one UK day (08:00–18:00 UTC). */
const histories = fc
  .array(
    fc.record({
      days: fc.nat({ max: 20 }),
      hour: fc.integer({ min: 0, max: 10 }),
      take: fc.boolean(),
      quantity: fc.bigInt({ min: 1n, max: 500n }),
      cost: fc.integer({ min: 0, max: 10000 }),
    }),
    { maxLength: 40 },
  )
  .map((steps) => {
    let day = 0;
    return steps.map((step, index): PoolEvent => {
      day += step.days;
      const at = start + day * 86400 + step.hour * 3600;
      return step.take
        ? { take: `t${index}`, at, quantity: step.quantity }
        : { lot: `l${index}`, at, quantity: step.quantity, cost: step.cost };
    });
  })
  // Within a day, times must not go back: the pool keeps the open day's order.
  .map((events) => [...events].sort((a, b) => a.at - b.at));

describe('uk matching against costbasis.md B5 computed over whole days', () => {
  it('each disposal day has the same cost and shortfall', () => {
    fc.assert(
      fc.property(histories, (events) => {
        const { answers } = runPool('uk', events);
        const byDay = new Map<number, { cost: Decimal; short: bigint }>();
        for (const event of events) {
          if ('lot' in event) continue;
          const answer = answers.get(event.take)!;
          const day = byDay.get(ukDay(event.at)) ?? { cost: new Decimal(0), short: 0n };
          byDay.set(ukDay(event.at), { cost: day.cost.plus(costOf(answer.pieces)!), short: day.short + answer.short });
        }
        const expected = referenceMatching(events);
        for (const [day, { cost, short }] of byDay) expect({ day, cost: cost.toFixed(12), short }).toEqual({ day, ...expected.get(day) });
      }),
      { numRuns: 300 },
    );
  });
});
