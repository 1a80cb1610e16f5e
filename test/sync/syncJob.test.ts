import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { EtherscanClient } from '../../src/etherscan/EtherscanClient.js';
import { DailyLimitError } from '../../src/etherscan/errors.js';
import { RateLimiter } from '../../src/etherscan/RateLimiter.js';
import type { Stream, WireRecord, WireTokenTx, WireTx } from '../../src/etherscan/wire.js';
import { openSqliteStore } from '../../src/store/openSqliteStore.js';
import type { SqliteStore } from '../../src/store/SqliteStore.js';
import { planBlockRanges } from '../../src/sync/planBlockRanges.js';
import { createProgress } from '../../src/sync/progress.js';
import { syncJob } from '../../src/sync/syncJob.js';
import type { SyncJobInput, SyncReport } from '../../src/sync/syncJob.js';
import { GENESIS_TIME, rowsKey, startScriptedExplorer } from './scriptedExplorer.js';
import type { ExplorerScript, ScriptedExplorer } from './scriptedExplorer.js';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const STRANGER = '0x00000000000000000000000000000000000000cc';
const HEAD = 100_000;
/** Blocks 500 … 89,999: far below the head, so all of it is ripe. */
const PERIOD = { startTime: GENESIS_TIME + 500, endTime: GENESIS_TIME + 90_000 };

function tx(block: number, hash: string, from: string, to: string): WireTx {
  return {
    blockNumber: String(block),
    timeStamp: String(GENESIS_TIME + block),
    hash,
    nonce: '1',
    blockHash: '0x1',
    transactionIndex: '0',
    from,
    to,
    value: '1',
    gas: '21000',
    gasPrice: '1',
    isError: '0',
    txreceipt_status: '1',
    input: '0x',
    contractAddress: '',
    cumulativeGasUsed: '1',
    gasUsed: '21000',
    confirmations: '5',
  };
}

function transfer(block: number, hash: string, value: string): WireTokenTx {
  return {
    blockNumber: String(block),
    timeStamp: String(GENESIS_TIME + block),
    hash,
    nonce: '1',
    blockHash: '0x1',
    from: STRANGER,
    contractAddress: '0xc0',
    to: A,
    value,
    tokenName: 'T',
    tokenSymbol: 'T',
    tokenDecimal: '6',
    transactionIndex: '0',
    gas: '1',
    gasPrice: '1',
    gasUsed: '1',
    cumulativeGasUsed: '1',
    input: 'deprecated',
    confirmations: '5',
  };
}

/** Pages of 100 rows keep the data small; the algorithm does not depend on the size. */
const PAGE_SIZE = 100;

/**
 * A's txlist: 270 rows, three per block from block 100, so pages of 100 end inside a block; every
 * 18th is sent by A, every 27th goes to B (and shows in B's txlist too). A's tokentx: 130 rows,
 * with two identical transfers in the block that the first page ends in.
 */
function world(): Map<string, WireRecord[]> {
  const aTxs: WireTx[] = [];
  const bTxs: WireTx[] = [];
  for (let i = 0; i < 270; i += 1) {
    const block = 100 + Math.floor(i / 3) * 30;
    const sender = i % 18 === 0 ? A : STRANGER;
    const row = tx(block, `0x${i.toString(16).padStart(64, '0')}`, sender, i % 27 === 0 ? B : A);
    aTxs.push(row);
    if (i % 27 === 0) bTxs.push({ ...row });
  }
  const tokens: WireTokenTx[] = [];
  for (let i = 0; i < 130; i += 1) tokens.push(transfer(600 + Math.floor(i / 4) * 10, `0xt${i}`, String(i)));
  // Rows 96…99 share one block; make the last two identical, as two equal Transfer logs would be.
  tokens[99] = { ...(tokens[98] as WireTokenTx) };
  return new Map<string, WireRecord[]>([
    [rowsKey(1, 'txlist', A), aTxs],
    [rowsKey(1, 'txlist', B), bTxs],
    [rowsKey(1, 'tokentx', A), tokens],
    [rowsKey(1, 'txlistinternal', B), [tx(700, '0xi1', STRANGER, B), tx(700, '0xi1', STRANGER, B)]],
  ]);
}

function expectedRows(rows: Map<string, WireRecord[]>, key: string, from: number, to: number): WireRecord[] {
  return (rows.get(key) ?? []).filter((row) => Number(row.blockNumber) >= from && Number(row.blockNumber) <= to);
}

describe('syncJob against a scripted explorer', () => {
  let dir: string;
  let store: SqliteStore;
  let explorer: ScriptedExplorer;
  let keyNumber = 0;

  const start = async (script: Partial<ExplorerScript> = {}): Promise<void> => {
    explorer = await startScriptedExplorer({ rows: world(), head: { 1: HEAD, 10: HEAD }, ...script });
  };

  const sync = async (options: Partial<SyncJobInput> & { period?: typeof PERIOD; chains?: number[] } = {}): Promise<SyncReport> => {
    keyNumber += 1;
    const api = new EtherscanClient({
      baseUrl: explorer.baseUrl,
      apiKey: `test-key-${keyNumber}`,
      rate: 1000,
      limiter: new RateLimiter(1000),
      historicalLimiter: new RateLimiter(1000),
      backoffBaseMs: 1,
      backoffCapMs: 4,
      maxRetries: 1,
    });
    const plan = await planBlockRanges(api, options.chains ?? [1], options.period ?? PERIOD);
    // This world's blocks are all before London, where `auto` fees need no receipt: force them, to test their queue.
    return syncJob({
      api,
      store,
      plan,
      pageSize: PAGE_SIZE,
      wallets: [
        { address: A, chains: null },
        { address: B, chains: null },
      ],
      fees: 'receipts',
      ...options,
    });
  };

  const dump = (): string[] =>
    [...store.rawRecords(1, [A, B], 0, HEAD)].map((row) => `${row.wallet} ${row.stream} ${JSON.stringify(row.record)}`);

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-sync-'));
    store = openSqliteStore(path.join(dir, 'state.sqlite'));
  });
  afterEach(async () => {
    store.close();
    await explorer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lands every row of every key, pages ending inside blocks, identical rows kept, each receipt once', async () => {
    await start();
    const drawn: string[] = [];
    const report = await sync({ progress: createProgress({ output: { write: (text: string) => drawn.push(text), isTTY: true } }) });
    const rows = explorer.script.rows;
    for (const [wallet, stream] of [
      [A, 'txlist'],
      [B, 'txlist'],
      [A, 'tokentx'],
      [B, 'txlistinternal'],
    ] as [string, Stream][]) {
      const stored = [...store.rawRecords(1, [wallet], 0, HEAD)].filter((row) => row.stream === stream).map((row) => row.record);
      expect(stored).toEqual(expectedRows(rows, rowsKey(1, stream, wallet), 500, 89_999));
    }
    expect(store.syncedRange(1, A, 'tokennfttx')).toEqual({ fromBlock: 500, toBlock: 89_999, backfill: null });
    // A sent every 18th of its txlist rows in the period; B's rows are a subset of A's.
    const sentByA = expectedRows(rows, rowsKey(1, 'txlist', A), 500, 89_999).filter((row) => row.from === A).length;
    expect(report.receiptCalls).toBe(sentByA);
    expect(explorer.counts['proxy.eth_getTransactionReceipt']).toBe(sentByA);
    expect(store.countReceipts()).toBe(sentByA);
    const ofA = report.perKey.filter((key) => key.wallet === A);
    const pagesOfA = ofA.reduce((sum, key) => sum + key.pages, 0);
    const rowsOfA = ofA.reduce((sum, key) => sum + key.rows, 0);
    expect(drawn.at(-1)).toContain(`0x000000…00aa  pages ${pagesOfA}  rows ${rowsOfA}  receipts ${sentByA}/${sentByA}`);
    expect(drawn.at(-1)).toContain(`sync blocks 100% · receipts ${sentByA}/${sentByA}`);
    expect(report.listCalls).toBe(
      explorer.counts['account.txlist']! +
        explorer.counts['account.tokentx']! +
        explorer.counts['account.txlistinternal']! +
        explorer.counts['account.tokennfttx']! +
        explorer.counts['account.token1155tx']!,
    );
    expect(report.rows).toBe(store.countRecords());
  });

  it('fetches no receipt for transactions before London unless receipts are forced', async () => {
    await start();
    const report = await sync({ fees: 'auto' });
    expect(report.receiptCalls).toBe(0);
    expect(explorer.counts['proxy.eth_getTransactionReceipt']).toBeUndefined();
    expect(store.countRecords({ wallet: A, stream: 'txlist' })).toBe(
      expectedRows(explorer.script.rows, rowsKey(1, 'txlist', A), 500, 89_999).length,
    );
    // The rows a forced run then finds without receipts are fetched, once each.
    const forced = await sync();
    expect(forced.receiptCalls).toBe(
      expectedRows(explorer.script.rows, rowsKey(1, 'txlist', A), 500, 89_999).filter((row) => row.from === A).length,
    );
  });

  it('makes no list or receipt call on a second sync of a ripe period, and one per key for a period at the head', async () => {
    await start();
    await sync();
    const before = { ...explorer.counts };
    const again = await sync();
    expect(again.listCalls).toBe(0);
    expect(again.receiptCalls).toBe(0);
    expect(explorer.counts['proxy.eth_getTransactionReceipt']).toBe(before['proxy.eth_getTransactionReceipt']);
    const towardsHead = await sync({ period: { startTime: PERIOD.startTime, endTime: GENESIS_TIME + HEAD + 10_000 } });
    expect(towardsHead.perKey.every((key) => key.listCalls === 1)).toBe(true);
    expect(store.syncedRange(1, A, 'txlist')?.toBlock).toBe(HEAD - 64);
  });

  it('refuses a period that starts in the future, and honours a ripeness override', async () => {
    await start();
    const future = { startTime: Math.floor(Date.now() / 1000) + 86_400, endTime: Math.floor(Date.now() / 1000) + 2 * 86_400 };
    await expect(sync({ period: future })).rejects.toThrow(
      /^chain 1 has no block at or after the period's start .*: the period has not begun/,
    );
    expect(explorer.counts['block.getblocknobytime']).toBeUndefined();
    const toHead = await sync({ period: { startTime: PERIOD.startTime, endTime: future.endTime }, ripeness: { 1: 0 } });
    expect(toHead.chains).toEqual([{ chainId: 1, fromBlock: 500, toBlock: HEAD }]);
    expect(store.syncedRange(1, B, 'txlist')).toEqual({ fromBlock: 500, toBlock: HEAD, backfill: null });
  });

  it('resumes after the daily limit and ends with exactly the rows of an uninterrupted run', async () => {
    await start();
    await sync();
    const clean = dump();
    store.close();
    store = openSqliteStore(path.join(dir, 'resumed.sqlite'));
    await explorer.close();
    await start({ dailyLimit: 9 });
    await expect(sync({ concurrency: 2 })).rejects.toBeInstanceOf(DailyLimitError);
    const partial = store.countRecords();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(clean.length);
    delete explorer.script.dailyLimit;
    await sync();
    expect(dump()).toEqual(clean);
    expect(store.missingReceipts(1, [A, B], 0, HEAD)).toEqual([]);
    expect(store.countReceipts()).toBe(
      expectedRows(explorer.script.rows, rowsKey(1, 'txlist', A), 500, 89_999).filter((row) => row.from === A).length,
    );
  });

  it('stops between pages on an abort and resumes to the same rows', async () => {
    await start();
    await sync();
    const clean = dump();
    store.close();
    store = openSqliteStore(path.join(dir, 'aborted.sqlite'));
    const controller = new AbortController();
    let pages = 0;
    const progress = {
      estimate: () => undefined,
      planned: () => undefined,
      receiptQueued: () => undefined,
      receipt: () => undefined,
      chainSkipped: () => undefined,
      finished: () => undefined,
      page: () => {
        pages += 1;
        if (pages === 2) controller.abort(new Error('user pressed Ctrl-C'));
      },
    };
    await expect(sync({ signal: controller.signal, progress, concurrency: 1 })).rejects.toThrow('sync interrupted');
    expect(store.countRecords()).toBeLessThan(clean.length);
    await sync();
    expect(dump()).toEqual(clean);
  });

  it('halves a span that times out, oldest half first, and still gets every row', async () => {
    await start({ queryTimeoutRows: 70 });
    const report = await sync();
    expect(report.rows).toBe(store.countRecords());
    expect(store.countRecords({ wallet: A, stream: 'txlist' })).toBe(
      expectedRows(explorer.script.rows, rowsKey(1, 'txlist', A), 500, 89_999).length,
    );
    expect(store.countRecords({ wallet: A, stream: 'tokentx' })).toBe(130);
  });

  it('fails naming chain, wallet, stream and block when one block fills a page', async () => {
    const rows = world();
    rows.set(
      rowsKey(1, 'tokennfttx', B),
      Array.from({ length: PAGE_SIZE }, (_, i) => transfer(4242, `0xn${i}`, '1')),
    );
    await start({ rows });
    await expect(sync({ concurrency: 1 })).rejects.toThrow(
      /block 4242 alone fills a page of 100 rows.*chain: 1; wallet: 0x0+bb; stream: tokennfttx; block: 4242/,
    );
  });

  it('skips a chain the plan does not cover and syncs the others', async () => {
    await start({ unavailableChains: [10] });
    const report = await sync({ chains: [1, 10] });
    expect(report.skippedChains).toEqual([{ chainId: 10, reason: expect.stringMatching(/Free API access is not supported/) }]);
    expect(report.chains.map((chain) => chain.chainId)).toEqual([1]);
    expect(store.countRecords({ chainId: 1 })).toBe(report.rows);
  });

  it('extends a synced range downwards without refetching it, resuming a stopped backfill', async () => {
    await start();
    await sync({ period: { startTime: GENESIS_TIME + 40_000, endTime: PERIOD.endTime } });
    expect(store.syncedRange(1, A, 'txlist')).toEqual({ fromBlock: 40_000, toBlock: 89_999, backfill: null });
    // Three planning calls and A's first backfill page, then the quota is gone. Nothing can come before that page
    // (one job at a time, receipts queue only after it commits); a larger budget let the next page race the
    // receipt fetches and sometimes finish the whole backfill before the stop this test is about.
    explorer.script.dailyLimit = Object.values(explorer.counts).reduce((sum, count) => sum + count, 0) + 4;
    await expect(sync({ concurrency: 1 })).rejects.toBeInstanceOf(DailyLimitError);
    expect(store.syncedRange(1, A, 'txlist')?.backfill).toEqual({ fromBlock: 500, toBlock: expect.any(Number) });
    delete explorer.script.dailyLimit;
    const listBefore = explorer.counts['account.txlist'] ?? 0;
    await sync();
    expect(store.syncedRange(1, A, 'txlist')).toEqual({ fromBlock: 500, toBlock: 89_999, backfill: null });
    // The rest of A's backfill (at most two pages) plus one empty answer for B's.
    expect((explorer.counts['account.txlist'] ?? 0) - listBefore).toBeLessThanOrEqual(3);
    expect(store.countRecords({ wallet: A, stream: 'txlist' })).toBe(
      expectedRows(explorer.script.rows, rowsKey(1, 'txlist', A), 500, 89_999).length,
    );
  });
});
