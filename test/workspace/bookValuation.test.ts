import { describe, expect, it } from '@jest/globals';
import { validateBook } from '../../src/workspace/validateBook.js';
import { inputErrorOf } from '../support/inputErrorOf.js';

const book = { name: 'Client', wallets: [{ address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' }], chains: [1] };

describe("a book's valuation block", () => {
  it('is kept as given when the job validation accepts it', () => {
    const valuation = { currency: 'EUR', sources: ['file', 'defillama'], priceFile: 'prices.csv', maxAge: '12h' };
    expect(validateBook({ ...book, valuation }, { apiKey: 'SECRET-KEY-0123456789' }).valuation).toEqual(valuation);
  });

  it('is refused naming its field and the fix', () => {
    const error = inputErrorOf(() =>
      validateBook({ ...book, valuation: { currency: 'BTC', sources: ['coingecko'] } }, { apiKey: 'SECRET-KEY-0123456789' }),
    );
    expect(error.message).toContain('valuation.currency "BTC" is not a book currency (use one of USD, EUR, GBP, CHF)');
    expect(error.message).toContain('price source coingecko needs a key (set COINGECKO_API_KEY');
    expect(error.details).toMatchObject({ field: 'valuation' });
  });

  it('prices with CoinGecko when the server was given COINGECKO_API_KEY, and never shows that key', () => {
    const valuation = { currency: 'EUR', sources: ['coingecko', 'defillama'] };
    const api = { apiKey: 'SECRET-KEY-0123456789', coingeckoKey: 'CG-SECRET-9876543210' };
    expect(validateBook({ ...book, valuation }, api).valuation).toEqual(valuation);
    const error = inputErrorOf(() => validateBook({ ...book, valuation: { ...valuation, currency: 'CG-SECRET-9876543210' } }, api));
    expect(error.message).not.toContain('CG-SECRET-9876543210');
  });
});
