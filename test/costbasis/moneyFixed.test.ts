import { describe, expect, it } from '@jest/globals';
import { moneyFixed, toMoney } from '../../src/costbasis/scaledMoney.js';
import { Decimal } from '../../src/ledger/money.js';

/** mulberry32: the same values every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What `moneyText` writes for a Decimal: the files' figures before `gains.csv` read the replay's Money. */
const asDecimalWrites = (value: Decimal, places: number): string => value.toDecimalPlaces(places).toFixed(places);

describe('moneyFixed: Money written as a Decimal of the same amount is written', () => {
  it('half-even at the minor unit, both signs, ties and tiny amounts (never -0.00)', () => {
    const cases = [
      '0',
      '0.005',
      '0.015',
      '0.025',
      '-0.005',
      '-0.015',
      '-0.0049',
      '-0.0000001',
      '1234.565',
      '-1234.575',
      '0.5',
      '1.5',
      '2.5',
      '-2.5',
    ];
    for (const text of cases)
      for (const places of [0, 2, 3])
        expect([text, places, moneyFixed(toMoney(new Decimal(text)), places)]).toEqual([
          text,
          places,
          asDecimalWrites(new Decimal(text), places),
        ]);
  });

  it('random amounts of up to 40 places and 15 integer digits', () => {
    const next = random(7);
    const wrong: string[] = [];
    for (let index = 0; index < 20_000; index += 1) {
      const integer = Math.floor(next() * 10 ** Math.floor(next() * 15)).toString();
      const fraction = Array.from({ length: Math.floor(next() * 41) }, () => Math.floor(next() * 10)).join('');
      const text = `${next() < 0.5 ? '-' : ''}${integer}${fraction === '' ? '' : `.${fraction}`}`;
      const places = index % 4;
      if (moneyFixed(toMoney(new Decimal(text)), places) !== asDecimalWrites(new Decimal(text), places)) wrong.push(`${text} at ${places}`);
    }
    expect(wrong).toEqual([]);
  });
});
