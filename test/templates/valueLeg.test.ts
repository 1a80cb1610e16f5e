import { describe, expect, it } from '@jest/globals';
import { Decimal } from '../../src/ledger/money.js';
import type { PriceAnswer } from '../../src/prices/PriceAnswer.js';
import type { PriceQuery } from '../../src/prices/PriceQuery.js';
import { missingPrices, missingRecord } from '../../src/prices/missingPrices.js';
import { PriceQueries } from '../../src/prices/PriceQueries.js';
import { mergedTallies, PriceTally } from '../../src/prices/PriceTally.js';
import { queryAt } from '../../src/prices/AssetTimes.js';
import { recordAnswers, recordedPrices } from '../../src/prices/RecordedPrices.js';
import { RowValuer } from '../../src/templates/RowValuer.js';
import { ValueTotals } from '../../src/templates/ValueTotals.js';
import { entryRow } from '../../src/templates/entryRow.js';
import type { ViewRow } from '../../src/templates/ViewRow.js';
import { legOf } from '../../src/templates/ViewRow.js';
import { priceQueryOf } from '../../src/prices/priceQueryOf.js';
import { valueLeg } from '../../src/prices/valueLeg.js';
import { unitsText, valueOf } from '../../src/prices/valueOf.js';
import { minorUnits } from '../../src/prices/minorUnits.js';
import { Prng } from '../../src/sandbox/Prng.js';
import { writtenOf, writtenPrice } from '../../src/prices/writtenPrice.js';
import { RecordAnswer } from '../../src/prices/RecordAnswer.js';
import { ledgerEntries } from './fixtures/ledgerEntries.js';

const found = (price: string, time = 1_735_689_600): PriceAnswer => ({
  found: true,
  price: new Decimal(price),
  currency: 'USD',
  time,
  source: 'defillama',
});
const eth = { chainId: 1, assetContract: '', kind: 'native', spam: '', decimals: 18 };

/** `valueOf` with its units as a BigInt, whichever way they came: a number only ever as a safe integer. */
const exactValueOf = (...args: Parameters<typeof valueOf>): { units: bigint; text: string } => {
  const { units, text } = valueOf(...args);
  if (typeof units === 'number' && !Number.isSafeInteger(units)) throw new Error(`units ${units} is not a safe integer`);
  return { units: BigInt(units), text };
};

describe('valueOf: amount × price exact, half-even once to the minor unit', () => {
  it('rounds the exact product once, to even on a tie', () => {
    // 1.5 × 2000.125 = 3000.1875 exactly: one rounding, not two.
    expect(exactValueOf(1_500000000000000000n, 18, writtenPrice(new Decimal('2000.125')), 'USD')).toEqual({
      units: 300019n,
      text: '3000.19',
    });
    expect(valueOf(125n, 3, writtenPrice(new Decimal('1')), 'USD').text).toBe('0.12');
    expect(valueOf(135n, 3, writtenPrice(new Decimal('1')), 'EUR').text).toBe('0.14');
    // Either side of the tie rounds to the nearer cent, whatever its parity.
    expect([124n, 126n, 134n, 136n].map((raw) => valueOf(raw, 3, writtenPrice(new Decimal('1')), 'USD').text)).toEqual([
      '0.12',
      '0.13',
      '0.13',
      '0.14',
    ]);
    expect(valueOf(1n, 18, writtenPrice(new Decimal('3000')), 'GBP').text).toBe('0.00');
    expect(valueOf(2_000000n, 6, writtenPrice(new Decimal('150.5')), 'JPY').text).toBe('301');
    // A negative balance (a history the sync has not reached) rounds alike: half-even on the magnitude.
    expect(exactValueOf(-125n, 3, writtenPrice(new Decimal('1')), 'USD')).toEqual({ units: -12n, text: '-0.12' });
    expect(valueOf(-1_000000000000000000n, 18, writtenPrice(new Decimal('0.000001')), 'USD').text).toBe('0.00'); // never -0.00
    // 30 significant digits survive: a float would give 1234567890123456800.00.
    expect(valueOf(1234567890123456789n, 0, writtenPrice(new Decimal('1')), 'CHF').text).toBe('1234567890123456789.00');
  });

  it('gives decimal.js’s half-even value to the cent for 30,000 amounts, prices and near-ties of every size', () => {
    const random = new Prng(27);
    const digitsOf = (count: number): string => Array.from({ length: count }, () => String(random.int(0, 9))).join('');
    const currencies = ['USD', 'JPY', 'BHD', 'CLF'];
    const cases: { raw: bigint; decimals: number; price: string; currency: string }[] = [];
    for (let i = 0; i < 30_000; i += 1) {
      const decimals = random.pick([0, 2, 6, 8, 18, 24]);
      const price = `${digitsOf(random.int(1, 9)).replace(/^0+(?=.)/, '')}${random.chance(0.8) ? `.${digitsOf(random.int(0, 19))}1` : ''}`;
      const currency = random.pick(currencies);
      const shift = decimals + (price.split('.')[1]?.length ?? 0) - minorUnits(currency);
      // A third land within a base unit of half a minor unit: what a double cannot decide alone.
      const magnitude =
        random.chance(0.33) && shift > 0 && /[1-9]/.test(price)
          ? (BigInt(digitsOf(random.int(1, 16)) || '0') * 10n ** BigInt(shift) + 5n * 10n ** BigInt(shift - 1)) /
              BigInt(price.replace('.', '')) +
            BigInt(random.int(-1, 1))
          : BigInt(digitsOf(random.int(1, 36)) || '0');
      cases.push({ raw: random.chance(0.1) ? -magnitude : magnitude, decimals, price, currency });
    }
    for (const { raw, decimals, price, currency } of cases) {
      const minor = minorUnits(currency);
      const exact = new Decimal(raw.toString())
        .times(price)
        .div(new Decimal(10).pow(decimals - minor))
        .toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN);
      const units = BigInt(exact.toFixed(0));
      expect({ raw, decimals, price, currency, ...exactValueOf(raw, decimals, writtenPrice(new Decimal(price)), currency) }).toEqual({
        raw,
        decimals,
        price,
        currency,
        units,
        text: unitsText(units, minor),
      });
    }
  });
});

describe('valueLeg: the rule on every row', () => {
  it('never asks for spam or unknown decimals, and a missing price is an empty value with its state, never 0', () => {
    const asked: PriceQuery[] = [];
    const prices = {
      currency: 'USD',
      priceAt: (query: PriceQuery): PriceAnswer => (asked.push(query), { found: false, state: 'rate-limited' }),
    };
    expect(valueLeg(prices, { ...eth, spam: 'unsolicited' }, 1n, 1)).toEqual({ valued: false, value: '', state: 'spam' });
    expect(valueLeg(prices, { ...eth, decimals: null }, 1n, 1)).toEqual({ valued: false, value: '', state: 'unknown decimals' });
    expect(asked).toEqual([]);
    expect(valueLeg(prices, eth, 1n, 7)).toEqual({ valued: false, value: '', state: 'rate-limited' });
    expect(asked).toEqual([{ chainId: 1, asset: 'native', time: 7 }]);
  });

  it('asks NFTs with nft: true, and labels the value with the answer’s own currency (12.345 rounds to even)', () => {
    const asked: PriceQuery[] = [];
    const prices = {
      currency: 'EUR',
      priceAt: (query: PriceQuery): PriceAnswer => (asked.push(query), { ...(found('12.345') as object), currency: 'USD' }) as PriceAnswer,
    };
    const value = valueLeg(prices, { chainId: 1, assetContract: '0xbc4c', kind: 'erc721', spam: '', decimals: 0 }, 1n, 9);
    expect(asked).toEqual([{ chainId: 1, asset: '0xbc4c', time: 9, nft: true }]);
    expect(value.valued && [value.value, value.answer.currency]).toEqual(['12.34', 'USD']);
  });
});

describe('RecordAnswer: a cached record written from its own text', () => {
  it('writes a canonical price as stored and any other as decimal.js would, and parses its price only when asked', () => {
    const written = (text: string) => writtenOf(new RecordAnswer(text, 'USD', 1_735_689_600, 'defillama'));
    expect(written('2409.125')).toMatchObject({
      text: '2409.125',
      digitText: '2409125',
      scale: 3,
      time: '2025-01-01T00:00:00Z',
      source: 'defillama',
    });
    expect(written('7')).toMatchObject({ text: '7', digitText: '7', scale: 0 });
    // A source's own second of the day, written as toISOString would without its milliseconds.
    const at = (time: number) => writtenOf(new RecordAnswer('1', 'USD', time, 'defillama')).time;
    for (const time of [1_735_736_829, 1_735_775_999, 951_782_400, 4_102_444_799])
      expect(at(time)).toBe(new Date(time * 1000).toISOString().replace('.000Z', 'Z'));
    // Not canonical: the same cells as the Decimal path gives, never the stored spelling.
    for (const text of ['1e-7', '2409.1250', '007.5', '0.10', '0.0', '00', '5.', '+5', '1.5e3'])
      expect(written(text)).toMatchObject({ ...writtenPrice(new Decimal(text)) });
    for (const text of ['0', '0.05', '10', '1.000001', '123456789.987654']) expect(written(text).text).toBe(text);
    // Written to 15 significant digits (a spreadsheet number's), valued from every digit.
    expect(written('123456789.987654321')).toMatchObject({ text: '123456789.987654', digitText: '123456789987654321', scale: 9 });
    expect(written('1e-7').text).toBe('0.0000001');
    const answer = new RecordAnswer('0.5', 'EUR', 1, 'coingecko');
    expect(answer.price.times(3).toFixed()).toBe('1.5');
    expect(answer.price).toBe(answer.price);
  });
});

describe('priceQueryOf: queries are values', () => {
  it('gives equal questions for the same movement and time, and different ones for any other', () => {
    const first = priceQueryOf(eth, 100);
    expect(priceQueryOf({ ...eth }, 100)).toEqual(first);
    expect(priceQueryOf(eth, 101)).not.toEqual(first);
    const nft = priceQueryOf({ ...eth, assetContract: '0xabc', kind: 'erc721' }, 101);
    expect(nft).toEqual({ chainId: 1, asset: '0xabc', time: 101, nft: true });
    expect(priceQueryOf({ ...eth, assetContract: '0xabc', kind: 'erc20' }, 101)).toEqual({ chainId: 1, asset: '0xabc', time: 101 });
    expect(priceQueryOf({ ...eth, chainId: 10 }, 101)).toEqual({ chainId: 10, asset: 'native', time: 101 });
  });
});

describe('RowValuer: each leg of a row valued once, however many cells ask', () => {
  it('asks once per leg of the current row, and again for the next row', () => {
    const asked: PriceQuery[] = [];
    const valuer = new RowValuer({ currency: 'USD', priceAt: (query: PriceQuery): PriceAnswer => (asked.push(query), found('2')) });
    const [first, second] = ledgerEntries.filter((entry) => entry.spam === '' && entry.decimals !== null && entry.kind === 'native');
    if (first === undefined || second === undefined) throw new Error('fixture: two priced native entries');
    // A transaction row's three legs: each its own object, as `transactionRows` makes them.
    const [sent, received, fee] = [legOf(first), legOf(second), legOf(first)];
    const row: ViewRow = { ...entryRow(first), sent, received, fee };
    const legs = [sent, received, fee, received, sent, fee].map((leg) => valuer.of(row, leg));
    expect(asked).toHaveLength(3);
    expect(legs[3]).toBe(legs[1]);
    expect(legs[4]).toBe(legs[0]);
    expect(legs[5]).toBe(legs[2]);
    expect(valuer.of(entryRow(second), received)).not.toBe(legs[1]);
    expect(asked).toHaveLength(4);
    expect(asked[3]).toEqual({ chainId: second.chainId, asset: 'native', time: second.timestamp });
  });
});

describe("ValueTotals: every row's minor units summed exactly", () => {
  it('keeps the sum exact past 2^53 cents, rows decided by a double and by exact arithmetic mixed', () => {
    const valuer = new RowValuer({ currency: 'USD', priceAt: (): PriceAnswer => found('1') });
    const totals = new ValueTotals(valuer);
    const native = ledgerEntries.find((entry) => entry.spam === '' && entry.decimals !== null && entry.kind === 'native');
    if (native === undefined) throw new Error('fixture: a priced native entry');
    // At a price of 1 and 2 decimals a leg's cents are its base units: just under 2^40 (a double's), and 2^60 (a BigInt's).
    const amounts = [...Array.from({ length: 9000 }, (_, i) => 2n ** 40n - 1n - BigInt(i)), 2n ** 60n + 1n, 2n ** 40n - 3n];
    let expected = 0n;
    for (const amountRaw of amounts) {
      const received = { ...legOf(native), decimals: 2, amountRaw };
      totals.row({ ...entryRow(native), shape: 'in', sent: null, received, fee: null, balance: null });
      expected += amountRaw;
    }
    // 9,000 legs of ≈ 2^40 pass 2^52 twice: a double alone would have rounded (2^53 + 1 is not a double).
    expect(expected > 2n ** 53n).toBe(true);
    expect(totals.state()).toMatchObject({ valued: amounts.length, unvalued: 0, in: expected.toString(), out: '0', fees: '0' });
  });
});

describe('PriceQueries, missing list and recorded answers', () => {
  it('asks each distinct question once, no spam; lists what has no value by chain, asset and state', () => {
    const queries = new PriceQueries();
    for (const entry of ledgerEntries) queries.add(entry);
    const asked = queries.assets().flatMap((asset) => asset.times.map((time) => queryAt(asset, time)));
    expect(asked).toHaveLength(queries.size);
    const spamRows = ledgerEntries.filter((entry) => entry.spam !== '').length;
    expect(spamRows).toBeGreaterThan(0);
    expect(queries.unqueried.get('spam')).toBe(spamRows);
    const spamContracts = new Set(ledgerEntries.filter((entry) => entry.spam !== '').map((entry) => entry.assetContract));
    expect(asked.filter((query) => spamContracts.has(query.asset))).toEqual([]);
    const prices = {
      currency: 'USD',
      priceAt: (query: PriceQuery): PriceAnswer => (query.asset === 'native' ? found('2000') : { found: false, state: 'not found' }),
    };
    const missing = missingPrices(queries.assets(), prices);
    // Tallied as a render prices its rows, each question answered as it comes: the same list and counts without a second pass.
    const tally = new PriceTally(prices);
    for (const entry of ledgerEntries) tally.add(entry);
    const tallied = tally.tallied([]);
    expect(tallied.exact).toBe(true);
    expect(tallied.missing).toEqual(missing);
    expect(tallied.questions).toBe(queries.size);
    expect(tallied.unqueried.map(({ reason, rows }) => [reason, rows])).toEqual([...queries.unqueried]);
    const expectedRows = ledgerEntries.filter((entry) => entry.spam === '' && entry.decimals !== null && entry.assetContract !== '').length;
    expect(missing.reduce((sum, one) => sum + one.rows, 0)).toBe(expectedRows);
    expect(missing.every((one) => one.state === 'not found' && one.asset !== 'native')).toBe(true);
    expect(missingRecord(missing[0] as (typeof missing)[number])).toHaveLength(7);
    // The thread's copy answers exactly as the oracle did, for its chains only.
    const recorded = recordedPrices(structuredClone(recordAnswers(queries.assets(), prices, new Set([1]))));
    for (const query of asked) {
      const answer = recorded.priceAt(query);
      if (query.chainId !== 1) expect(answer).toEqual({ found: false, state: 'not found' });
      else if (query.asset === 'native') expect(answer.found && answer.price.toFixed()).toBe('2000');
      else expect(answer).toEqual({ found: false, state: 'not found' });
    }
  });
});

describe('PriceTally: what a render that priced its rows needs of them afterwards', () => {
  const prices = {
    currency: 'USD',
    priceAt: (query: PriceQuery): PriceAnswer => (query.asset === 'native' ? found('2000') : { found: false, state: 'not found' }),
  };
  const tallyOf = (entries: typeof ledgerEntries): PriceTally => {
    const tally = new PriceTally(prices);
    for (const entry of entries) tally.add(entry);
    return tally;
  };
  const times = ledgerEntries.map((entry) => entry.timestamp);
  const [start, end] = [Math.min(...times), Math.max(...times)];

  it('counts the balance instants as a prepare adds them: outside or at the edge of an asset’s rows; inside, it cannot tell', () => {
    for (const instants of [
      [start - 1, end + 1],
      [start, end],
    ]) {
      const queries = new PriceQueries();
      for (const entry of ledgerEntries) queries.add(entry);
      queries.addInstants(instants);
      expect(tallyOf(ledgerEntries).tallied(instants)).toMatchObject({ exact: true, questions: queries.size });
    }
    const native = ledgerEntries.filter((entry) => entry.assetContract === '' && entry.spam === '').map((entry) => entry.timestamp);
    const between = (native.find((time) => time > Math.min(...native)) as number) - 1;
    expect(between).toBeGreaterThan(Math.min(...native));
    expect(tallyOf(ledgerEntries).tallied([between]).exact).toBe(false);
  });

  it('is not exact when an asset’s rows come out of time order; threads’ tallies merge into one pass’s', () => {
    expect(tallyOf([...ledgerEntries].reverse()).tallied([]).exact).toBe(false);
    const chains = [...new Set(ledgerEntries.map((entry) => entry.chainId))];
    expect(chains.length).toBeGreaterThan(1);
    const parts = chains.map((chainId) => tallyOf(ledgerEntries.filter((entry) => entry.chainId === chainId)).tallied([start, end]));
    expect(mergedTallies(parts.reverse())).toEqual(tallyOf(ledgerEntries).tallied([start, end]));
  });

  it('tallies the entries as they pass, handing each on; a render that stops early closes the ledger’s iterator', () => {
    const tally = new PriceTally(prices);
    expect([...tally.noted(ledgerEntries)]).toEqual(ledgerEntries);
    expect(tally.tallied([start, end])).toEqual(tallyOf(ledgerEntries).tallied([start, end]));
    let closed = false;
    function* ledger(): Generator<(typeof ledgerEntries)[number]> {
      try {
        yield* ledgerEntries;
      } finally {
        closed = true;
      }
    }
    const stopped = new PriceTally(prices);
    for (const entry of stopped.noted(ledger())) if (entry === ledgerEntries[2]) break;
    expect(closed).toBe(true);
    expect(stopped.tallied([])).toEqual(tallyOf(ledgerEntries.slice(0, 3)).tallied([]));
  });
});

describe('a converted price: the ECB rates as published, the price to 15 digits, the value from the exact quotient', () => {
  const converted = (usd: string, usdPerEur: string, bookPerEur?: string): PriceAnswer => {
    const perEur = bookPerEur === undefined ? new Decimal(usd) : new Decimal(usd).times(bookPerEur);
    return {
      found: true,
      price: perEur.div(usdPerEur),
      currency: bookPerEur === undefined ? 'EUR' : 'GBP',
      time: 1_735_689_600,
      source: 'defillama',
      fx: { usdPerEur, ...(bookPerEur === undefined ? {} : { bookPerEur }), date: '2024-12-31', usd: new Decimal(usd) },
    };
  };

  it('writes the rate as published and values amount × usd × book per EUR ÷ USD per EUR, rounded once', () => {
    const prng = new Prng(48);
    for (let i = 0; i < 2000; i += 1) {
      const usd = `${prng.int(1, 99999)}.${String(prng.int(0, 99999999)).padStart(8, '0')}`;
      const usdPerEur = `1.${String(prng.int(0, 9999)).padStart(4, '0')}`;
      const bookPerEur = i % 2 === 0 ? undefined : `0.${String(prng.int(8000, 8999))}${String(prng.int(0, 9))}`;
      const raw = BigInt(prng.int(1, 2 ** 31)) * BigInt(prng.int(1, 2 ** 31));
      const answer = converted(usd, usdPerEur, bookPerEur);
      if (!answer.found) throw new Error('found');
      const written = writtenOf(answer);
      const exact = new Decimal(raw.toString())
        .div(new Decimal(10).pow(18))
        .times(usd)
        .times(bookPerEur ?? '1')
        .div(usdPerEur)
        .toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN)
        .toFixed(2);
      expect(valueOf(raw, 18, written, answer.currency).text).toBe(exact);
      expect(exactValueOf(raw, 18, written, answer.currency).text).toBe(exact);
      expect(written.text.replace(/^0\.0*|\./g, '').length).toBeLessThanOrEqual(15);
      expect(written.fxDate).toBe('2024-12-31');
      if (bookPerEur === undefined) expect(written.fxRate).toBe(usdPerEur);
      expect(written.source).toBe('defillama');
    }
  });

  it('writes the 2025 issue’s ETH at 15 digits, where decimal.js gave a hundred', () => {
    const answer = converted('2428.0312', '1.0345');
    if (!answer.found) throw new Error('found');
    expect(answer.price.toFixed().length).toBeGreaterThan(90);
    expect(writtenOf(answer)).toMatchObject({ text: '2347.05770903818', fxRate: '1.0345', fxDate: '2024-12-31', source: 'defillama' });
    expect(writtenOf(answer).lead).toBe('2347.05770903818,EUR,2025-01-01T00:00:00Z,defillama,1.0345,2024-12-31,');
  });
});
