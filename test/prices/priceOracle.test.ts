import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { exitCodeFor } from '../../src/errors/exitCode.js';
import { Decimal } from '../../src/ledger/money.js';
import { openCachedPriceOracle, openPriceOracle } from '../../src/pipeline/openPriceOracle.js';
import type { PriceQuery } from '../../src/prices/PriceQuery.js';
import { writtenOf } from '../../src/prices/writtenPrice.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { COINGECKO_SANDBOX_KEY } from '../../src/sandbox/PriceApi.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/startSandbox.js';
import { fxRates } from '../../src/sandbox/worldFxRates.js';
import { coinPrice, PRICE_GAP, tokenPrice } from '../../src/sandbox/worldPrices.js';
import type { World } from '../../src/sandbox/World.js';
import { openSqliteStore } from '../../src/store/openSqliteStore.js';
import type { SqliteStore } from '../../src/store/SqliteStore.js';
import { inputErrorOf } from '../support/inputErrorOf.js';
import { sandboxValuation } from '../support/sandboxValuation.js';

const at = (iso: string) => Date.parse(iso) / 1000;
const native = (time: number): PriceQuery => ({ chainId: 1, asset: 'native', time });
/** The clock of CoinGecko's demo window, on the sandbox and the client alike. */
const now = () => Date.parse('2025-12-01T00:00:00Z');

describe('openPriceOracle against the sandbox', () => {
  let world: World;
  let sandbox: Sandbox;
  let dir: string;
  const stores: SqliteStore[] = [];
  let openedCount = 0;
  const store = () => {
    const opened = openSqliteStore(path.join(dir, `state-${(openedCount += 1)}.db`));
    stores.push(opened);
    return opened;
  };
  const token = (pick: (note: string, symbol: string) => boolean) =>
    world.chain(1)!.tokens.find((candidate) => pick(candidate.note, candidate.symbol))!.address;

  beforeAll(async () => {
    world = generateWorld({ seed: 5, scale: 0, chains: [1, 10] });
    sandbox = await startSandbox({ world, now });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-prices-'));
  });
  afterEach(() => {
    for (const opened of stores.splice(0)) opened.close();
  });
  afterAll(async () => {
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('values a native coin and a token at the world price of their hour, exactly', async () => {
    const usdc = token((_, symbol) => symbol === 'USDC');
    const time = at('2025-03-04T10:20:00Z');
    const oracle = openPriceOracle(sandboxValuation(sandbox), store());
    await oracle.prepare([native(time), { chainId: 1, asset: usdc, time }]);
    const eth = oracle.priceAt(native(time));
    expect(eth).toMatchObject({
      found: true,
      price: new Decimal(String(coinPrice(world, 'ethereum', time)!.price)),
      currency: 'USD',
      time: at('2025-03-04T10:00:00Z'),
      source: 'defillama',
    });
    // A USD book's USD price is not converted: no ECB rate on it (what `toEqual` pinned before answers kept their text).
    expect(eth).not.toHaveProperty('fx');
    expect(oracle.priceAt({ chainId: 1, asset: usdc, time })).toMatchObject({
      found: true,
      price: new Decimal(String(tokenPrice(world, 1, usdc, time)!.price)),
    });
  });

  it("values chain 1's and OP Mainnet's ETH asked in one batch, each at its own hour (one DefiLlama id for both)", async () => {
    const mainnet = at('2025-03-04T10:20:00Z');
    const optimism = at('2025-06-11T17:40:00Z');
    const oracle = openPriceOracle(sandboxValuation(sandbox), store());
    await oracle.prepare([native(mainnet), { chainId: 10, asset: 'native', time: optimism }]);
    expect(oracle.priceAt(native(mainnet))).toMatchObject({
      found: true,
      price: new Decimal(String(coinPrice(world, 'ethereum', mainnet)!.price)),
    });
    expect(oracle.priceAt({ chainId: 10, asset: 'native', time: optimism })).toMatchObject({
      found: true,
      price: new Decimal(String(coinPrice(world, 'ethereum', optimism)!.price)),
    });
    expect(oracle.stats().calls).toBe(1);
  });

  it('says not found across the gap and for a token no source knows, and refuses a low-confidence spam price', async () => {
    const gap = PRICE_GAP.from + 2 * 86400;
    const mystery = token((note) => note.startsWith('unknown decimals'));
    const spam = token((note) => note.startsWith('spam: impersonates USDC'));
    const time = at('2025-03-04T10:20:00Z');
    const oracle = openPriceOracle(sandboxValuation(sandbox), store());
    await oracle.prepare([native(gap), { chainId: 1, asset: mystery, time }, { chainId: 1, asset: spam, time }]);
    expect(oracle.priceAt(native(gap))).toEqual({ found: false, state: 'not found' });
    expect(oracle.priceAt({ chainId: 1, asset: mystery, time })).toEqual({ found: false, state: 'not found' });
    expect(oracle.priceAt({ chainId: 1, asset: spam, time })).toEqual({ found: false, state: 'low confidence' });
  });

  it('takes a file price at or before the row, at most maxAge old (± 1 s), and over every API price', async () => {
    const file = path.join(dir, 'prices.csv');
    fs.writeFileSync(file, 'time,chain,asset,currency,price\n2025-03-01T12:00:00Z,1,native,USD,1234.5\n');
    const priced = at('2025-03-01T12:00:00Z');
    const oracle = openPriceOracle(sandboxValuation(sandbox, { sources: ['file', 'defillama'], priceFile: file, maxAge: 3600 }), store());
    const queries = [native(priced - 1), native(priced), native(priced + 3600), native(priced + 3601)];
    await oracle.prepare(queries);
    const [before, exact, oldest, tooOld] = queries.map((query) => oracle.priceAt(query));
    expect(exact).toMatchObject({ found: true, source: 'file', price: new Decimal('1234.5'), time: priced });
    expect(oldest).toMatchObject({ found: true, source: 'file', time: priced });
    // A second before the file's price and a second past maxAge: DefiLlama's own record for the hour.
    expect(before).toMatchObject({ found: true, source: 'defillama' });
    expect(tooOld).toMatchObject({ found: true, source: 'defillama' });
    expect(oracle.stats().expectedCalls).toBe(1);
  });

  it('refuses a malformed price file line naming file, line and column, exit 2', () => {
    const file = path.join(dir, 'bad.csv');
    fs.writeFileSync(file, 'time,chain,asset,currency,price\n2025-03-01T12:00:00Z,1,native,USD,1234.5\n1740830400,1,native,USD,1.234,5\n');
    const open = () => openPriceOracle(sandboxValuation(sandbox, { sources: ['file'], priceFile: file }), store());
    expect(open).toThrow(`price file ${file} line 3 column 1: 6 cells where 5 are needed`);
    fs.writeFileSync(file, 'time,chain,asset,currency,price\n2025-03-01T12:00:00Z,1,0xabc,USD,1\n');
    expect(open).toThrow(`price file ${file} line 2 column 24: asset "0xabc" is not native or a 0x token contract`);
    fs.writeFileSync(file, 'time,chain,asset,currency,price\n2025-03-01T12:00:00Z,1,native,USD,-1\n');
    expect(exitCodeFor(inputErrorOf(open))).toBe(2);
  });

  it('reads a price file line by the rules of the workspace’s price form: a currency in lower case, kept upper-case', async () => {
    const file = path.join(dir, 'lower.csv');
    fs.writeFileSync(file, 'time,chain,asset,currency,price\n2025-03-01T12:00:00Z,1,native,usd,1234.5\n');
    const oracle = openPriceOracle(sandboxValuation(sandbox, { sources: ['file'], priceFile: file }), store());
    const time = at('2025-03-01T12:00:00Z');
    await oracle.prepare([native(time)]);
    expect(oracle.priceAt(native(time))).toMatchObject({ found: true, source: 'file', price: new Decimal('1234.5'), currency: 'USD' });
  });

  it('converts USD to EUR with the ECB rate of the last earlier day on a weekend and on Good Friday', async () => {
    const oracle = openPriceOracle(sandboxValuation(sandbox, { currency: 'EUR' }), store());
    const saturday = at('2025-03-08T15:10:00Z');
    const goodFriday = at('2025-04-18T09:30:00Z');
    await oracle.prepare([native(saturday), native(goodFriday)]);
    for (const [time, rateDay] of [
      [saturday, '2025-03-07'],
      [goodFriday, '2025-04-17'],
    ] as const) {
      const usdPerEur = fxRates(world.seed, at(`${rateDay}T00:00:00Z`))!.USD;
      const usd = new Decimal(String(coinPrice(world, 'ethereum', time)!.price));
      const answer = oracle.priceAt(native(time));
      expect(answer).toMatchObject({ found: true, currency: 'EUR', source: 'defillama', fx: { date: rateDay } });
      if (!answer.found) continue;
      expect(answer.price.toFixed(2)).toBe(usd.div(usdPerEur).toFixed(2));
      // The rate as the ECB publishes it (USD per EUR), not its inverse to a hundred digits.
      expect(answer.fx?.usdPerEur).toBe(usdPerEur);
      expect(writtenOf(answer)).toMatchObject({ source: 'defillama', fxRate: answer.fx?.usdPerEur, fxDate: rateDay });
    }
    expect(oracle.stats()).toMatchObject({ currency: 'EUR', fx: 'ecb' });
  });

  it('asks nothing on a warm second prepare and answers the same from the cache alone', async () => {
    const book = store();
    const queries = Array.from({ length: 50 }, (_, n) => native(at('2025-06-01T00:00:00Z') + n * 1800));
    const cold = openPriceOracle(sandboxValuation(sandbox, { currency: 'GBP' }), book);
    const before = { ...sandbox.stats.priceCalls };
    await cold.prepare(queries);
    expect(cold.stats().calls).toBeGreaterThan(0);
    const warm = openPriceOracle(sandboxValuation(sandbox, { currency: 'GBP' }), book);
    const afterCold = { ...sandbox.stats.priceCalls };
    await warm.prepare(queries);
    expect(warm.stats()).toMatchObject({ calls: 0, expectedCalls: 0, cacheHits: 25 + 2 * 2 });
    // 25 hours of DefiLlama prices; the rates of 2 days (a Sunday and a Monday) for USD and GBP.
    expect(sandbox.stats.priceCalls).toEqual(afterCold);
    expect(afterCold).not.toEqual(before);
    const cached = openCachedPriceOracle(sandboxValuation(sandbox, { currency: 'GBP' }), book, { transient: cold.transientStates() });
    await cached.prepare(queries);
    for (const query of queries) expect(cached.priceAt(query)).toEqual(cold.priceAt(query));
  });

  it("keeps each call's answers as they arrive, so a run stopped after one call resumes with the others", async () => {
    const book = store();
    // 700 hours of one coin: three DefiLlama calls of at most 300 hours each.
    const queries = Array.from({ length: 700 }, (_, n) => native(at('2025-01-10T00:00:00Z') + n * 3600));
    const controller = new AbortController();
    let sends = 0;
    const stopAfterFirst = {
      acquire: async () => {
        sends += 1;
        if (sends === 2) controller.abort(new Error('killed'));
        controller.signal.throwIfAborted();
      },
    };
    const killed = openPriceOracle(sandboxValuation(sandbox), book, { pacerFor: () => stopAfterFirst, signal: controller.signal });
    await expect(killed.prepare(queries)).rejects.toThrow('killed');
    expect(killed.stats()).toMatchObject({ calls: 1, expectedCalls: 3 });
    const resumed = openPriceOracle(sandboxValuation(sandbox), book);
    await resumed.prepare(queries);
    expect(resumed.stats()).toMatchObject({ calls: 2, expectedCalls: 2, cacheHits: 300 });
    expect(queries.every((query) => resumed.priceAt(query).found)).toBe(true);
  });

  it('fails fast on an unreachable source, with the rows "source failed"', async () => {
    const settings = sandboxValuation(sandbox);
    const oracle = openPriceOracle({ ...settings, urls: { ...settings.urls, defillama: 'http://127.0.0.1:9/' } }, store(), {
      backoffMs: 10,
    });
    const started = Date.now();
    await oracle.prepare([native(at('2025-03-04T10:20:00Z'))]);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(oracle.priceAt(native(at('2025-03-04T10:20:00Z')))).toEqual({ found: false, state: 'source failed' });
  });

  it('prices from CoinGecko in the book currency with the key in a header, and never shows the key', async () => {
    const time = at('2025-03-04T10:20:00Z');
    const old = at('2024-07-01T10:20:00Z');
    const lines: string[] = [];
    const oracle = openPriceOracle(
      sandboxValuation(sandbox, { currency: 'EUR', sources: ['coingecko'], coingeckoKey: COINGECKO_SANDBOX_KEY }),
      store(),
      { now, log: (line) => lines.push(line) },
    );
    await oracle.prepare([native(time), native(old)]);
    expect(oracle.priceAt(native(time))).toMatchObject({
      found: true,
      currency: 'EUR',
      source: 'coingecko',
      time: at('2025-03-04T10:00:00Z'),
    });
    expect(oracle.priceAt(native(old))).toEqual({ found: false, state: 'not found' });
    expect(oracle.priceAt(native(time))).not.toHaveProperty('fx');

    const secret = 'CG-wrong-key-0123456789';
    const refused = openPriceOracle(sandboxValuation(sandbox, { sources: ['coingecko'], coingeckoKey: secret }), store(), {
      now,
      log: (line) => lines.push(line),
    });
    await refused.prepare([native(time)]);
    expect(refused.priceAt(native(time))).toEqual({ found: false, state: 'source failed' });
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify([lines, refused.stats(), refused.transientStates()])).not.toContain(secret);
  });
});

describe('openPriceOracle under a 429 storm', () => {
  it('leaves the rows rate-limited without throwing, and caches nothing for them', async () => {
    const world = generateWorld({ seed: 5, scale: 0, chains: [1] });
    const sandbox = await startSandbox({ world, priceFaults: { rateLimit: 1 } });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-prices-'));
    const book = openSqliteStore(path.join(dir, 'state.db'));
    try {
      const time = at('2025-03-04T10:20:00Z');
      const oracle = openPriceOracle(sandboxValuation(sandbox), book, { backoffMs: 10 });
      await oracle.prepare([native(time)]);
      expect(oracle.priceAt(native(time))).toEqual({ found: false, state: 'rate-limited' });
      expect(sandbox.stats.priceCalls.defillama).toBe(4);
      expect(book.prices.get({ source: 'defillama', chainId: 1, asset: 'native', currency: 'USD' }, 0, 2 ** 40)).toEqual([]);
    } finally {
      book.close();
      await sandbox.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
