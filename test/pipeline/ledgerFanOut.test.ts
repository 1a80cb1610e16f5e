import { describe, expect, it } from '@jest/globals';
import type { LedgerEntry } from '../../src/ledger/LedgerEntry.js';
import { LedgerFanOut } from '../../src/pipeline/LedgerFanOut.js';

/** Stand-ins for entries: the fan-out only passes them on, so an object with a number tells them apart. */
const entries = (count: number): LedgerEntry[] => Array.from({ length: count }, (_, index) => ({ index }) as unknown as LedgerEntry);

/**
 * One read walked by several consumers at their own pace: each sees every entry once, in order; the source is read
 * once; one far ahead waits for the slowest (what is kept stays bounded); a failure stops every branch.
 */
describe('LedgerFanOut', () => {
  it('gives every branch the whole read, in order, reading the source once, none more than the window ahead', async () => {
    const source = entries(10_000);
    let reads = 0;
    const fan = new LedgerFanOut(3, () => ((reads += 1), source));
    let furthestAhead = 0;
    const taken = [0, 0, 0];
    const walk = async (index: number, step: number): Promise<LedgerEntry[]> => {
      const seen: LedgerEntry[] = [];
      const iterator = fan.entries(index)[Symbol.iterator]();
      for (;;) {
        await fan.pace(index);
        furthestAhead = Math.max(furthestAhead, taken[index]! - Math.min(...taken));
        for (let i = 0; i < step; i += 1) {
          const next = iterator.next();
          if (next.done === true) return seen;
          seen.push(next.value);
          taken[index]! += 1;
        }
      }
    };
    // Steps of 1, 50 and 500 entries: the fast ones would finish long before the slow one without pacing.
    const walks = await Promise.all([walk(0, 1), walk(1, 50), walk(2, 500)]);
    expect(reads).toBe(1);
    for (const seen of walks) expect(seen).toEqual(source);
    expect(furthestAhead).toBeGreaterThan(0);
    expect(furthestAhead).toBeLessThanOrEqual(2_000 + 500);
  });

  it('stops every branch when one fails: those waiting and those asking for more throw its error', async () => {
    const fan = new LedgerFanOut(2, () => entries(10_000));
    const ahead = fan.entries(0)[Symbol.iterator]();
    for (let i = 0; i < 3_000; i += 1) ahead.next();
    const waiting = fan.pace(0);
    const failure = new Error('a template failed');
    fan.fail(failure);
    await expect(waiting).rejects.toBe(failure);
    expect(() => fan.entries(1)[Symbol.iterator]().next()).toThrow(failure);
  });

  it('lets the others go once the slowest ends', async () => {
    const fan = new LedgerFanOut(2, () => entries(5_000));
    const ahead = fan.entries(0)[Symbol.iterator]();
    for (let i = 0; i < 3_000; i += 1) ahead.next();
    const waiting = fan.pace(0);
    fan.close(1);
    await expect(waiting).resolves.toBeUndefined();
    let rest = 0;
    while (ahead.next().done !== true) rest += 1;
    expect(rest).toBe(2_000);
  });
});
