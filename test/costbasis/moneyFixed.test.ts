import { describe, expect, it } from '@jest/globals';
import { moneyFixed, toMoney } from '../../src/costbasis/scaledMoney.js';
import { Decimal } from '../../src/ledger/money.js';
import { Prng } from '../../src/sandbox/Prng.js';

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
    const prng = new Prng(7);
    const next = (): number => prng.next();
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
