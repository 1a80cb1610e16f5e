import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { FilePrices } from '../../src/prices/FilePrices.js';
import { bookPriceFileText, withBookPrices } from '../../src/workspace/bookPriceFile.js';
import type { BookPrice } from '../../src/workspace/WorkspaceData.js';
import { tempDir } from '../support/workspaceHarness.js';

const TOKEN = '0x00000000000000000000000000000000000000aa';
const price = (id: number, time: string, value: string): BookPrice => ({
  id,
  time,
  chainId: 1,
  asset: TOKEN,
  currency: 'USD',
  price: value,
  author: 'anna',
  created: '2026-06-01T02:00:00Z',
});

describe('the price file of a book with manual prices', () => {
  it('puts the file source first, once, and leaves a book without manual prices as it was', () => {
    expect(withBookPrices(undefined, [])).toBeUndefined();
    const own = { currency: 'EUR', sources: ['coingecko', 'file', 'defillama'], priceFile: 'own-prices.csv', maxAge: '2d' };
    expect(withBookPrices(own, [])).toBe(own);
    expect(withBookPrices(own, [price(1, '2025-03-01T12:00:00Z', '2')])).toEqual({
      currency: 'EUR',
      sources: ['file', 'coingecko', 'defillama'],
      priceFile: 'book-prices.csv',
      maxAge: '2d',
    });
    expect(withBookPrices(undefined, [price(1, '2025-03-01T12:00:00Z', '2')])).toEqual({
      sources: ['file', 'defillama'],
      priceFile: 'book-prices.csv',
    });
  });

  it('lists the book’s own file first, then the manual prices; at one instant the newest manual price wins', () => {
    const dir = tempDir('book-price-file');
    const own = path.join(dir, 'own.csv');
    fs.writeFileSync(
      own,
      `\uFEFFTime,Chain,Asset,Currency,Price\r\n2025-03-01T12:00:00Z,1,${TOKEN},USD,1.5\r\n\r\n2025-02-01T00:00:00Z,1,native,USD,2400\r\n`,
    );
    const text = bookPriceFileText([price(1, '2025-03-01T12:00:00Z', '2'), price(2, '2025-03-01T12:00:00Z', '2.5')], own);
    expect(text).toBe(
      `time,chain,asset,currency,price\n2025-03-01T12:00:00Z,1,${TOKEN},USD,1.5\n2025-02-01T00:00:00Z,1,native,USD,2400\n2025-03-01T12:00:00Z,1,${TOKEN},USD,2\n2025-03-01T12:00:00Z,1,${TOKEN},USD,2.5\n`,
    );
    const file = new FilePrices(text, 'book-prices.csv');
    expect(file.at(1, TOKEN, 'USD', Date.parse('2025-03-01T13:00:00Z') / 1000, 86400)?.price.toString()).toBe('2.5');
    expect(file.at(1, 'native', 'USD', Date.parse('2025-02-01T00:00:00Z') / 1000, 86400)?.price.toString()).toBe('2400');

    fs.writeFileSync(own, 'when,price\n');
    expect(() => bookPriceFileText([], own)).toThrow(/does not start with the header time,chain,asset,currency,price/);
    expect(() => bookPriceFileText([], path.join(dir, 'absent.csv'))).toThrow(/the book's price file absent.csv cannot be read/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
