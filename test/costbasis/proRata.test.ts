import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Decimal, formatUnits } from '../../src/ledger/money.js';
import { disposalRows } from '../../src/costbasis/disposalRows.js';
import { GainRows } from '../../src/costbasis/GainRows.js';
import { gainMoney } from '../../src/costbasis/GainSink.js';
import { type Share, shareOf, takePart } from '../../src/costbasis/proRata.js';
import { MONEY_PLACES, moneyPart, scaledDecimal, toDecimal, toMoney } from '../../src/costbasis/scaledMoney.js';
import { disposeEvent } from './disposeEvent.js';

const money = (text: string | number): bigint => toMoney(new Decimal(text));
const text = (value: bigint | null | undefined, places?: number): string | undefined =>
  value === null || value === undefined ? undefined : places === undefined ? toDecimal(value).toFixed() : toDecimal(value).toFixed(places);

describe('takePart', () => {
  it('costs a part pro rata and gives the part that empties the share exactly the rest', () => {
    const share: Share = { quantity: 3n, cost: money(10) };
    const parts = [takePart(share, 1n), takePart(share, 1n), takePart(share, 1n)];
    expect(parts.map((part) => text(part.cost, 6))).toEqual(['3.333333', '3.333333', '3.333333']);
    expect(text(parts.reduce((sum, part) => sum + (part.cost ?? 0n), 0n))).toBe('10');
    expect(share).toEqual({ quantity: 0n, cost: 0n });
  });

  it('keeps an unknown cost unknown, never 0', () => {
    const share: Share = { quantity: 5n, cost: null };
    expect(takePart(share, 2n)).toEqual({ quantity: 2n, cost: null });
    expect(share).toEqual({ quantity: 3n, cost: null });
  });

  it.each([0n, -1n, 4n])('refuses a part of %s out of 3', (part) => {
    expect(() => takePart({ quantity: 3n, cost: money(1) }, part)).toThrow(RangeError);
  });
});

/** `total` proceeds (and a tenth of it as selling costs) over pieces of these quantities, as a disposal's rows take them. */
function splitByQuantity(total: bigint | null, quantities: readonly bigint[]): (bigint | null)[][] {
  const rows = new GainRows();
  const pieces = quantities.map((quantity, index) => ({ lotId: `L${index}`, acquiredAt: 1, quantity, cost: 0n }));
  const event = { ...disposeEvent('D'), proceeds: total, sellingCosts: total === null ? null : total / 10n };
  disposalRows(event, pieces, 0n, 'fifo', () => null, rows, 0);
  return [...rows].map((row) => {
    const { proceeds, sellingCosts } = gainMoney(row);
    return [proceeds, sellingCosts];
  });
}

describe('a disposal’s proceeds and selling costs over its pieces (shareOf)', () => {
  it('splits them by quantity, the last piece taking the remainder', () => {
    const parts = splitByQuantity(money(100), [1n, 1n, 1n]).map(([proceeds]) => proceeds ?? null);
    expect(parts.map((part) => text(part, 2))).toEqual(['33.33', '33.33', '33.33']);
    expect(text(parts.reduce((sum: bigint, part) => sum + (part ?? 0n), 0n))).toBe('100');
    expect(splitByQuantity(money('4500'), [10n, 5n]).map((part) => part.map((one) => text(one)))).toEqual([
      ['3000', '300'],
      ['1500', '150'],
    ]);
  });

  it('leaves an unknown total unknown in every piece', () => {
    expect(splitByQuantity(null, [1n, 2n])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('gives a piece of no quantity 0, and a zero amount 0 to every piece', () => {
    expect(shareOf(money(10), 0n, 3n)).toBe(0n);
    expect(splitByQuantity(0n, [1n, 2n])).toEqual([
      [0n, 0n],
      [0n, 0n],
    ]);
  });
});

/** Decimal amounts of up to 40 places, as `amount × price` gives them (an 18-decimal amount, a price of up to 22 places). */
const amounts = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: MONEY_PLACES }))
  .map(([digits, places]) => new Decimal(digits.toString()).div(new Decimal(10).pow(places)));

/**
 * The replay's money is a bigint of 10^-40 units; it replaced Decimals that cut a part at 40 places. Over amounts of
 * up to 40 places both are exact, so the bigint path must give the Decimal path's very figures: the round trip, a
 * pro-rata part (`cost × part ÷ quantity`, half-even at the 40th place) and what the share keeps.
 */
describe('Money against the Decimals it replaced', () => {
  it('round-trips every amount of up to 40 places exactly, negative ones too', () => {
    fc.assert(
      fc.property(amounts, fc.boolean(), (amount, negative) => {
        const value = negative ? amount.neg() : amount;
        // Equal to the parsed Decimal in its very digits, exponent and sign, not only in value.
        expect(toDecimal(toMoney(value))).toEqual(new Decimal(value.toFixed()));
      }),
      { numRuns: 2000 },
    );
  });

  it("makes a leg's amount of base units the Decimal its plain text parses to, digits, exponent and sign", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 256n), max: 2n ** 256n }), fc.integer({ min: 0, max: 80 }), (units, places) => {
        expect(scaledDecimal(units, places)).toEqual(new Decimal(formatUnits(units, places)));
      }),
      { numRuns: 5000 },
    );
    for (const [units, places] of [
      [0n, 18],
      [10n ** 18n, 18],
      [1n, 0],
      [-10n, 1],
      [1234567n, 7],
      [12345678n, 7],
      [10n ** 30n, 0],
    ] as const)
      expect(scaledDecimal(units, places)).toEqual(new Decimal(formatUnits(units, places)));
  });

  it('cuts a pro-rata part where the Decimal path cut it, and the share keeps the same rest', () => {
    fc.assert(
      fc.property(amounts, fc.bigInt({ min: 1n, max: 10n ** 27n }), fc.bigInt({ min: 1n, max: 10n ** 27n }), (cost, a, b) => {
        const [part, quantity] = a <= b ? [a, b] : [b, a];
        const decimalPart = part === quantity ? cost : cost.mul(part.toString()).div(quantity.toString()).toDecimalPlaces(MONEY_PLACES);
        const share: Share = { quantity, cost: toMoney(cost) };
        const taken = takePart(share, part);
        expect(toDecimal(taken.cost as bigint).equals(decimalPart)).toBe(true);
        expect(toDecimal(share.cost as bigint).equals(cost.minus(decimalPart))).toBe(true);
        expect(moneyPart(toMoney(cost), part, quantity)).toBe(toMoney(cost.mul(part.toString()).div(quantity.toString())));
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds a Decimal of more than 40 places half-even at the last, as Decimal does', () => {
    expect(toDecimal(money('0.00000000000000000000000000000000000000125')).toFixed()).toBe('0.0000000000000000000000000000000000000012');
    expect(toDecimal(money('0.00000000000000000000000000000000000000135')).toFixed()).toBe('0.0000000000000000000000000000000000000014');
    expect(toDecimal(money('1e-50')).isZero()).toBe(true);
    expect(money('1.5e30')).toBe(15n * 10n ** 69n);
  });
});
