import { describe, expect, it } from '@jest/globals';
import { Decimal } from '../../src/ledger/money.js';
import { type Share, splitByQuantity, takePart } from '../../src/costbasis/proRata.js';

describe('takePart', () => {
  it('costs a part pro rata and gives the part that empties the share exactly the rest', () => {
    const share: Share = { quantity: 3n, cost: new Decimal(10) };
    const parts = [takePart(share, 1n), takePart(share, 1n), takePart(share, 1n)];
    expect(parts.map((part) => part.cost?.toFixed(6))).toEqual(['3.333333', '3.333333', '3.333333']);
    expect(parts.reduce((sum, part) => sum.plus(part.cost ?? 0), new Decimal(0)).toFixed()).toBe('10');
    expect(share).toEqual({ quantity: 0n, cost: new Decimal(0) });
  });

  it('keeps an unknown cost unknown, never 0', () => {
    const share: Share = { quantity: 5n, cost: null };
    expect(takePart(share, 2n)).toEqual({ quantity: 2n, cost: null });
    expect(share).toEqual({ quantity: 3n, cost: null });
  });

  it.each([0n, -1n, 4n])('refuses a part of %s out of 3', (part) => {
    expect(() => takePart({ quantity: 3n, cost: new Decimal(1) }, part)).toThrow(RangeError);
  });
});

describe('splitByQuantity', () => {
  it('splits proceeds by quantity, the last piece taking the remainder', () => {
    const parts = splitByQuantity(new Decimal(100), [1n, 1n, 1n]);
    expect(parts.map((part) => part?.toFixed(2))).toEqual(['33.33', '33.33', '33.33']);
    expect(parts.reduce((sum: Decimal, part) => sum.plus(part ?? 0), new Decimal(0)).toFixed()).toBe('100');
    expect(splitByQuantity(new Decimal('4500'), [10n, 5n]).map((part) => part?.toFixed())).toEqual(['3000', '1500']);
  });

  it('leaves an unknown total unknown in every piece', () => {
    expect(splitByQuantity(null, [1n, 2n])).toEqual([null, null]);
  });
});
