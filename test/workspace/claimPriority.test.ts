import { describe, expect, it } from '@jest/globals';
import { claimPriority } from '../../src/workspace/claimPriority.js';

const at = (minute: number): Date => new Date(Date.UTC(2026, 10, 29, 2, minute, 30));

describe('claimPriority (lower is taken first)', () => {
  it('puts the runs expected short before a long one queued in the same minute', () => {
    const long = claimPriority(3_600, at(0));
    const short = claimPriority(5, at(0));
    expect(short).toBeLessThan(long);
    expect(claimPriority(null, at(0))).toBeLessThan(short);
  });

  it('ages: a long run passes every short one queued log2(its seconds) minutes after it, so none starves', () => {
    const long = claimPriority(3_600, at(0));
    // One hour ≈ 2^12 s, five seconds ≈ 2^3 s: nine minutes apart.
    expect(claimPriority(5, at(8))).toBeLessThan(long);
    expect(claimPriority(5, at(10))).toBeGreaterThan(long);
    expect(claimPriority(null, at(13))).toBeGreaterThan(long);
  });

  it('stays inside graphile-worker’s smallint priority', () => {
    for (let day = 0; day < 40; day += 1) {
      const priority = claimPriority(10 ** 7, new Date(Date.UTC(2026, 0, 1 + day, 23, 59)));
      expect(priority).toBeGreaterThanOrEqual(-32_768);
      expect(priority).toBeLessThanOrEqual(32_767);
    }
  });
});
