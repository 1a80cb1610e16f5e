import { describe, expect, it } from '@jest/globals';
import { validateBook } from '../../src/workspace/validateBook.js';
import { inputErrorOf } from '../support/inputErrorOf.js';

const book = { name: 'Client', wallets: [{ address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' }], chains: [1] };

describe("a book's valuation block", () => {
  it('is kept as given when the job validation accepts it', () => {
    const valuation = { currency: 'EUR', sources: ['file', 'defillama'], priceFile: 'prices.csv', maxAge: '12h' };
    expect(validateBook({ ...book, valuation }, 'SECRET-KEY-0123456789').valuation).toEqual(valuation);
  });

  it('is refused naming its field and the fix', () => {
    const error = inputErrorOf(() => validateBook({ ...book, valuation: { currency: 'BTC', sources: ['coingecko'] } }, 'SECRET-KEY-0123456789'));
    expect(error.message).toContain('valuation.currency "BTC" is not a book currency (use one of USD, EUR, GBP, CHF)');
    expect(error.message).toContain('price source coingecko needs a key (set COINGECKO_API_KEY');
    expect(error.details).toMatchObject({ field: 'valuation' });
  });
});
