import { describe, expect, it } from '@jest/globals';
import { concurrencyFor } from '../../src/sync/concurrencyFor.js';

describe('concurrencyFor', () => {
  it.each([
    [3, 4],
    [10, 5],
    [30, 15],
    [300, 64],
    [10_000, 64],
  ])('keeps rate × 0.5 s of requests open at %i calls/s, between 4 and 64: %i', (rate, expected) => {
    expect(concurrencyFor(rate)).toBe(expected);
  });
});
