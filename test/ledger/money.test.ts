import { describe, expect, it } from '@jest/globals';
import { Decimal, formatUnits, parseInteger } from '../../src/ledger/money.js';

describe('formatUnits', () => {
  it.each([
    [0n, 18, '0'],
    [1n, 18, '0.000000000000000001'],
    [1500000000000000000n, 18, '1.5'],
    [123n, 0, '123'],
    [2n ** 256n - 1n, 18, '115792089237316195423570985008687907853269984665640564039457.584007913129639935'],
    [2n ** 256n - 1n, 0, '115792089237316195423570985008687907853269984665640564039457584007913129639935'],
    [10n, 1, '1'],
    [-15n, 1, '-1.5'],
  ])('%s with %s decimals is %s', (raw, decimals, text) => {
    expect(formatUnits(raw, decimals)).toBe(text);
  });
});

describe('parseInteger', () => {
  it('reads decimal, hex and the bare 0x zero', () => {
    expect(parseInteger('42')).toBe(42n);
    expect(parseInteger('0x2a')).toBe(42n);
    expect(parseInteger('0x')).toBe(0n);
  });
  it('refuses anything else', () => {
    expect(() => parseInteger('')).toThrow(RangeError);
    expect(() => parseInteger('1e18')).toThrow(RangeError);
    expect(() => parseInteger('-1')).toThrow(RangeError);
  });
});

describe('Decimal clone', () => {
  it('keeps 78-digit amounts exact and never uses exponent notation', () => {
    const value = new Decimal('123456789012345678901234567').div(new Decimal(10).pow(18));
    expect(value.toFixed()).toBe('123456789.012345678901234567');
    expect(new Decimal('0.00000001').toString()).toBe('0.00000001');
  });
});
