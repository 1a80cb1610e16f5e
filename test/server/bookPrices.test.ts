import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { Decimal } from 'decimal.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { csv } from '../support/pickLegs.js';
import { servedWorkspace } from '../support/servedWorkspace.js';

const world = e2eWorld();
const served = servedWorkspace('prices', {
  world,
  sandbox: () => ({ apiKeys: ['prices-key'] }),
  users: [
    { name: 'anna', role: 'admin', password: 'anna password 12' },
    { name: 'victor', role: 'viewer', password: 'victor password 12' },
  ],
  book: 'Client A',
});

const { call } = served;

async function exportRun(): Promise<number> {
  const id = await served.runToEnd({ kind: 'export', period: { year: 2025 }, templates: ['ledger'] }, served.tokens.anna!);
  expect((await served.workspace.data.getRun(id))?.status).toBe('succeeded');
  return id;
}

describe('a book’s manual prices (SQLite)', () => {
  it('values the rows a run left without a price from the book’s price file in the next run, audited', async () => {
    const { workspace, bookId, tokens } = served;
    const [admin, viewer] = [tokens.anna!, tokens.victor!];
    const first = await exportRun();
    const missing = csv(path.join(workspace.stores.outDir(first), 'prices-missing.csv'));
    const gap = missing.find((row) => row.state === 'not found' && row.asset_contract !== '');
    if (gap === undefined) throw new Error('the e2e world leaves a token without a price');
    const asset = gap.asset_contract ?? '';
    const given = { time: gap.first, chain: Number(gap.chain_id), asset, price: '1.25' };
    const prices = `/api/books/${bookId}/prices`;

    expect((await call('POST', prices, viewer, given)).status).toBe(403);
    for (const [price, pattern] of [
      ['12,5', /^price "12,5" is not a plain positive decimal/],
      ['0.00', /^price "0.00" is 0: a price of 0 is an error/],
      ['-3', /^price "-3"/],
      ['1e3', /^price "1e3"/],
    ] as const) {
      const refused = await call('POST', prices, admin, { ...given, price });
      expect(refused.status).toBe(400);
      expect(refused.json<{ error: string; field: string }>()).toEqual({ error: expect.stringMatching(pattern), field: 'price' });
    }
    // The cells a price file once bounded otherwise (test/e2e/badInput has the file's side): a millisecond time, a day the calendar lacks.
    for (const time of ['yesterday', '1740830400000', '2025-02-30T12:00:00Z', '2025-03-01T24:00:00Z']) {
      expect((await call('POST', prices, admin, { ...given, time })).json()).toEqual({
        error: `time "${time}" is not an instant in UTC such as 2025-03-01T12:00:00Z or unix seconds (at most 12 digits)`,
        field: 'time',
      });
    }
    expect((await call('POST', prices, admin, { ...given, currency: 'EUR' })).json()).toMatchObject({ field: 'currency' });
    expect((await call('POST', prices, admin, { ...given, chain: 137 })).json()).toMatchObject({ field: 'chain' });
    expect(await workspace.data.bookPrices(bookId)).toEqual([]);

    const added = await call('POST', prices, admin, { ...given, asset: asset.toUpperCase().replace('0X', '0x'), currency: 'usd' });
    expect(added.status).toBe(201);
    // A gap has no source price to be far from: nothing to warn of.
    const { warnings, ...price } = added.json<{ id: number; warnings: string[] }>();
    expect(warnings).toEqual([]);
    expect(price).toEqual({
      id: price.id,
      time: gap.first,
      chainId: given.chain,
      asset,
      currency: 'USD',
      price: '1.25',
      author: 'anna',
      created: '2026-06-01T02:00:00.000Z',
    });
    expect((await call('GET', prices, viewer)).json()).toEqual([price]);
    // The transactions table follows the price at once, without a run, as it follows a rule.
    const gapEntries = async (): Promise<Record<string, string>[]> => {
      const from = Date.parse(gap.first ?? '') / 1000;
      const table = (
        await call('GET', `/api/books/${bookId}/entries?chain=${given.chain}&asset=${asset}&spam=false&limit=1000`, viewer)
      ).json<{ entries: Record<string, string>[] }>().entries;
      return table.filter(
        (entry) =>
          entry.asset_contract === asset &&
          Date.parse(entry.timestamp ?? '') / 1000 - from >= 0 &&
          Date.parse(entry.timestamp ?? '') / 1000 - from <= 86400,
      );
    };
    const valuedAtOnce = await gapEntries();
    expect(valuedAtOnce.length).toBeGreaterThan(0);
    for (const entry of valuedAtOnce)
      expect(entry).toMatchObject({ price: '1.25', price_source: 'file', value: exactValue(entry.amount ?? '', '1.25'), value_state: '' });

    const second = await exportRun();
    expect(fs.readFileSync(path.join(workspace.stores.runDir(second), 'book-prices.csv'), 'utf8')).toBe(
      `time,chain,asset,currency,price\n${gap.first},${given.chain},${asset},USD,1.25\n`,
    );
    const from = Date.parse(gap.first ?? '') / 1000;
    const filled = csv(path.join(workspace.stores.outDir(second), 'ledger.csv')).filter(
      (row) =>
        row.chain_id === gap.chain_id &&
        row.asset_contract === asset &&
        Date.parse(row.timestamp ?? '') / 1000 >= from &&
        Date.parse(row.timestamp ?? '') / 1000 - from <= 86400 &&
        row.spam === '',
    );
    expect(filled.length).toBeGreaterThan(0);
    for (const row of filled) {
      expect(row).toMatchObject({ price: '1.25', price_currency: 'USD', price_source: 'file', price_time: gap.first, value_state: '' });
      expect(row.value).toBe(exactValue(row.amount ?? '', '1.25'));
    }
    // The transactions table, refreshed after the run, carries the same values from the same file.
    const table = (await call('GET', `/api/books/${bookId}/entries?chain=${given.chain}&asset=${asset}&limit=1000`, viewer)).json<{
      entries: Record<string, string>[];
    }>().entries;
    const tabled = new Map(table.map((entry) => [entry.entry_id, entry]));
    for (const row of filled)
      expect(tabled.get(row.entry_id ?? '')).toMatchObject({ price_source: 'file', price: '1.25', value: row.value });
    const stillMissing = csv(path.join(workspace.stores.outDir(second), 'prices-missing.csv'));
    expect(stillMissing.filter((row) => row.asset_contract === asset && row.first === gap.first)).toEqual([]);

    expect((await call('DELETE', `${prices}/${price.id}`, viewer)).status).toBe(403);
    expect((await call('DELETE', `${prices}/${price.id}`, admin)).status).toBe(200);
    expect((await call('DELETE', `${prices}/${price.id}`, admin)).status).toBe(404);
    expect((await call('GET', prices, admin)).json()).toEqual([]);
    const missingAgain = await gapEntries();
    expect(missingAgain.map((entry) => entry.entry_id)).toEqual(valuedAtOnce.map((entry) => entry.entry_id));
    for (const entry of missingAgain) expect(entry).toMatchObject({ price: '', price_source: '', value: '', value_state: 'not found' });

    const [removed] = await workspace.data.audit.newest({ book: bookId, action: 'price.removed' }, { limit: 1 });
    const [audited] = await workspace.data.audit.newest({ book: bookId, action: 'price.added' }, { limit: 5 });
    expect(audited).toMatchObject({ user: 'anna', via: 'bearer', target: `price ${price.id}`, before: null, after: price });
    expect(removed).toMatchObject({ user: 'anna', target: `price ${price.id}`, before: price });
  });

  it('saves a pasted series whole or not at all, audited once with its count, and values the table at once (issue 46.3)', async () => {
    const { workspace, bookId, tokens, server } = served;
    const [admin, viewer] = [tokens.anna!, tokens.victor!];
    const run = await exportRun();
    const gap = csv(path.join(workspace.stores.outDir(run), 'prices-missing.csv')).find(
      (row) => row.state === 'not found' && row.asset_contract !== '',
    );
    const priced = csv(path.join(workspace.stores.outDir(run), 'ledger.csv')).find(
      (row) => row.asset_contract === '' && row.price_source === 'defillama' && row.price_time === row.timestamp,
    );
    if (gap === undefined || priced === undefined)
      throw new Error('the e2e world leaves a token without a price and values ether from DefiLlama');
    const asset = gap.asset_contract ?? '';
    const start = Date.parse(gap.first ?? '') / 1000;
    const days = ['1.5', '2', '2.5'].map((price, day) => ({ time: new Date((start + day * 86400) * 1000).toISOString(), price }));
    const series = `time,chain,asset,currency,price\r\n${days.map(({ time, price }) => `${time},${gap.chain_id},${asset},usd,"${price}"`).join('\r\n')}\r\n`;
    const prices = `/api/books/${bookId}/prices`;
    const upload = (token: string, text: string): Promise<Response> =>
      fetch(`${server.url}${prices}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: text,
      });

    expect((await upload(viewer, series)).status).toBe(403);
    // A bad third price refuses the upload at its line and column: the two good rows before it are not saved either.
    const bad = await call('POST', prices, admin, { csv: series.replace('"2.5"', '"2,5"') });
    expect([bad.status, bad.json()]).toEqual([
      400,
      {
        error: `line 4 column ${`${days[2]?.time},${gap.chain_id},${asset},usd,`.length + 1} (price): price "2,5" is not a plain positive decimal such as 2512.25 (digits and one point, no sign, separator or exponent) (correct the line; nothing was saved)`,
        field: 'csv',
      },
    ]);
    expect((await call('POST', prices, admin, { csv: 'time,chain,asset,price\n' })).json()).toMatchObject({
      error: expect.stringMatching(/^line 1 column 1: the header must be time,chain,asset,currency,price/),
    });
    expect((await call('POST', prices, admin, { csv: series.replace(`,${gap.chain_id},`, ',137,') })).json()).toMatchObject({
      error: expect.stringMatching(/^line 2 column 26 \(chain\): chain 137 is not one of the book's chains/),
    });
    expect(await workspace.data.bookPrices(bookId)).toEqual([]);

    const saved = await upload(admin, series);
    expect([saved.status, await saved.json()]).toEqual([201, { rows: 3, warnings: [] }]);
    const stored = await workspace.data.bookPrices(bookId);
    expect(
      stored.map(({ time, asset: storedAsset, price, currency, author }) => ({
        time: `${time.slice(0, 19)}.000Z`,
        asset: storedAsset,
        price,
        currency,
        author,
      })),
    ).toEqual(days.map(({ time, price }) => ({ time, asset, price, currency: 'USD', author: 'anna' })));
    const [audited] = await workspace.data.audit.newest({ book: bookId, action: 'price.added' }, { limit: 1 });
    expect(audited).toMatchObject({ user: 'anna', after: { rows: 3, ids: stored.map((price) => price.id) } });

    // No run: the table already values the gap's rows, each day from its own price.
    const { entries } = (
      await call('GET', `/api/books/${bookId}/entries?chain=${gap.chain_id}&asset=${asset}&spam=false&limit=1000`, viewer)
    ).json<{
      entries: Record<string, string>[];
    }>();
    const inSeries = entries.filter(
      (entry) =>
        entry.asset_contract === asset &&
        Date.parse(entry.timestamp ?? '') / 1000 - start >= 0 &&
        Date.parse(entry.timestamp ?? '') / 1000 - start < 3 * 86400,
    );
    expect(inSeries.length).toBeGreaterThan(0);
    for (const entry of inSeries) {
      const day = days[Math.floor((Date.parse(entry.timestamp ?? '') / 1000 - start) / 86400)]?.price ?? '';
      expect(entry).toMatchObject({ price: day, price_source: 'file', value: exactValue(entry.amount ?? '', day), value_state: '' });
    }

    // A row ten times the sources' price at its instant is saved with a warning, by the one-price rule.
    const far = new Decimal(priced.price ?? '').times(10).toString();
    const warned = await call('POST', prices, admin, {
      csv: `time,chain,asset,currency,price\n${priced.timestamp},${priced.chain_id},native,,${far}\n`,
    });
    expect(warned.json()).toEqual({
      rows: 1,
      warnings: [expect.stringMatching(new RegExp(`^price ${far} USD at .* is 10 times the defillama price .* \\(more than 3× apart\\)`))],
    });
    for (const price of await workspace.data.bookPrices(bookId)) await call('DELETE', `${prices}/${price.id}`, admin);
  });
});

/** amount × price, rounded half-even once to the cent, as issue 27's rule says. */
function exactValue(amount: string, price: string): string {
  return new Decimal(amount).times(price).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2);
}
