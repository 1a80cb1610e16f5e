import { describe, expect, it } from '@jest/globals';
import { jitterOf, nextTick } from '../../src/workspace/Scheduler.js';

const NIGHTLY = { kind: 'reconcile' as const, cron: '0 2 * * *', zone: 'UTC' as const };
const TICK = new Date('2026-06-01T02:00:00Z');

describe('the jitter of a night', () => {
  it('spreads 1,000 books over the window, the same point for a book every night', () => {
    const window = 600_000;
    const delays = Array.from({ length: 1000 }, (_, index) => jitterOf(index + 1, NIGHTLY, 'UTC', TICK, window));
    expect(delays.every((delay) => delay >= 0 && delay < window)).toBe(true);
    // No second of the window holds more than a handful of starts (1,000 over 600 s: about 1.7 a second).
    const perSecond = new Map<number, number>();
    for (const delay of delays) perSecond.set(Math.floor(delay / 1000), (perSecond.get(Math.floor(delay / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(10);
    expect(perSecond.size).toBeGreaterThan(400);
    const nextNight = nextTick(NIGHTLY, 'UTC', TICK)!;
    expect(jitterOf(7, NIGHTLY, 'UTC', nextNight, window)).toBe(delays[6]);
    expect(jitterOf(7, { ...NIGHTLY, kind: 'export' }, 'UTC', TICK, window)).not.toBe(delays[6]);
  });

  it('keeps a frequent schedule within a quarter of its period, and none at window 0', () => {
    const everyTwoSeconds = { kind: 'sync' as const, cron: '*/2 * * * * *', zone: 'UTC' as const };
    for (let book = 1; book <= 50; book += 1) expect(jitterOf(book, everyTwoSeconds, 'UTC', TICK, 600_000)).toBeLessThan(500);
    expect(jitterOf(1, NIGHTLY, 'UTC', TICK, 0)).toBe(0);
  });
});
