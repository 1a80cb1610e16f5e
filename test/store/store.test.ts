import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite } from '../../src/db/sqlite/openSqlite.js';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { WireReceipt, WireRecord, WireTokenTx, WireTx } from '../../src/etherscan/wire.js';
import type { RecordStore } from '../../src/store/RecordStore.js';
import { migrationSteps } from '../../src/db/migrationSteps.js';
import { INDEXED_BRIDGE_ADDRESSES } from '../../src/db/bridgeRows.js';
import { BRIDGE_CONTRACTS } from '../../src/ledger/bridgeContracts.js';
import { openSqliteStore } from '../../src/store/openSqliteStore.js';
import { encodeLedgerFields } from '../../src/store/ledgerFields.js';
import { pageRows } from '../../src/store/pageRows.js';
import { registerStepFunctions } from '../../src/store/migrateStore.js';
import { DatabaseUnavailableError } from '../../src/db/postgres/DatabaseUnavailableError.js';
import { openPostgresDatabase } from '../../src/db/postgres/openPostgresDatabase.js';
import { openPostgresStore } from '../../src/store/postgres/openPostgresStore.js';
import type { SqliteStore } from '../../src/store/SqliteStore.js';
import type { PriceCache } from '../../src/prices/PriceCache.js';
import { createDatabase, describeWithPostgres, dropDatabase, queryDatabase } from '../support/postgres.js';

const WALLET = '0x00000000000000000000000000000000000000aa';
const OTHER = '0x00000000000000000000000000000000000000bb';

function tokenRow(block: number, hash: string, value = '1'): WireTokenTx {
  return {
    blockNumber: String(block),
    timeStamp: String(1_700_000_000 + block),
    hash,
    nonce: '1',
    blockHash: '0x1',
    from: OTHER,
    contractAddress: '0xc0',
    to: WALLET,
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

function txRow(block: number, hash: string, from: string): WireTx {
  return {
    blockNumber: String(block),
    timeStamp: String(1_700_000_000 + block),
    hash,
    nonce: '1',
    blockHash: '0x1',
    transactionIndex: '0',
    from,
    to: OTHER,
    value: '0',
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

/** The receipt of transaction `hash` in `block`, sent by WALLET to OTHER, with `gasUsed` and any fields `more` adds. */
function receiptOf(hash: string, block: number, gasUsed: string, more: Partial<WireReceipt> = {}): WireReceipt {
  return {
    transactionHash: hash,
    blockNumber: `0x${block.toString(16)}`,
    transactionIndex: '0x0',
    from: WALLET,
    to: OTHER,
    gasUsed,
    ...more,
  };
}

/** The receipts of an SQLite store's file as stored, by hash, read beside the store's own connection. */
function storedReceipts(file: string): string[] {
  const db = openSqlite(file, { readonly: true });
  try {
    return db.prepare<[], string>('SELECT raw FROM receipts ORDER BY tx_hash').pluck().all();
  } finally {
    db.close();
  }
}

/**
 * The cases every `RecordStore` passes. `open` gives a store on the same place (file or book) each time it is
 * called within one test, a new empty one in each test; `rawReceipts`, the receipts kept there as stored (no product
 * code reads them back: a schema step re-derives the ledger's receipt fields from them), by hash.
 */
function bookStoreCases(open: () => RecordStore, rawReceipts: () => Promise<string[]>): void {
  let store: RecordStore;
  beforeEach(() => {
    store = open();
  });
  afterEach(() => {
    store.close();
  });

  it('keeps what was committed across a reopen', () => {
    store.commitPage({ chainId: 1, wallet: WALLET, stream: 'tokentx', fromBlock: 1, toBlock: 5, records: [tokenRow(2, '0xa')] });
    store.close();
    store = open();
    expect(store.countRecords()).toBe(1);
    expect(store.syncedRange(1, WALLET, 'tokentx')).toEqual({ fromBlock: 1, toBlock: 5, backfill: null });
  });

  it('leaves nothing of a page whose commit fails halfway', () => {
    store.commitPage({ chainId: 1, wallet: WALLET, stream: 'tokentx', fromBlock: 1, toBlock: 9, records: [tokenRow(3, '0xa')] });
    const bad = [tokenRow(10, '0xb'), tokenRow(11, '0xc'), tokenRow(99, '0xd')];
    expect(() => store.commitPage({ chainId: 1, wallet: WALLET, stream: 'tokentx', fromBlock: 10, toBlock: 20, records: bad })).toThrow(
      'record outside the page it was committed with',
    );
    expect(store.countRecords()).toBe(1);
    expect(store.syncedRange(1, WALLET, 'tokentx')).toEqual({ fromBlock: 1, toBlock: 9, backfill: null });
  });

  it('replaces a re-fetched block and keeps two identical rows as two rows', () => {
    const twin = tokenRow(7, '0xtwin');
    store.commitPage({
      chainId: 1,
      wallet: WALLET,
      stream: 'tokentx',
      fromBlock: 1,
      toBlock: 7,
      records: [tokenRow(5, '0xa'), twin, { ...twin }],
    });
    store.commitPage({
      chainId: 1,
      wallet: WALLET,
      stream: 'tokentx',
      fromBlock: 7,
      toBlock: 12,
      records: [twin, { ...twin }, tokenRow(12, '0xz')],
    });
    const rows = [...store.iterateRecords(1, [WALLET], 0, 100)];
    expect(rows.map((row) => row.record.hash)).toEqual(['0xa', '0xtwin', '0xtwin', '0xz']);
    expect(store.syncedRange(1, WALLET, 'tokentx')).toEqual({ fromBlock: 1, toBlock: 12, backfill: null });
  });

  it('reads rows by block, then wallet, stream and API order, within the block span and wallets asked', () => {
    store.commitPage({
      chainId: 1,
      wallet: OTHER,
      stream: 'txlist',
      fromBlock: 1,
      toBlock: 20,
      records: [txRow(4, '0x4', OTHER), txRow(9, '0x9', OTHER)],
    });
    store.commitPage({
      chainId: 1,
      wallet: WALLET,
      stream: 'tokentx',
      fromBlock: 1,
      toBlock: 20,
      records: [tokenRow(4, '0xb', '2'), tokenRow(4, '0xa', '1')],
    });
    store.commitPage({ chainId: 1, wallet: WALLET, stream: 'txlist', fromBlock: 1, toBlock: 20, records: [txRow(4, '0xb', WALLET)] });
    store.commitPage({ chainId: 10, wallet: WALLET, stream: 'txlist', fromBlock: 1, toBlock: 20, records: [txRow(4, '0xc', WALLET)] });
    const rows = [...store.iterateRecords(1, [WALLET.toUpperCase().replace('0X', '0x'), OTHER], 4, 8)];
    expect(rows.map((row) => [row.record.blockNumber, row.wallet, row.stream, row.record.hash])).toEqual([
      ['4', WALLET, 'tokentx', '0xb'],
      ['4', WALLET, 'tokentx', '0xa'],
      ['4', WALLET, 'txlist', '0xb'],
      ['4', OTHER, 'txlist', '0x4'],
    ]);
    expect([...store.iterateRecords(1, [OTHER], 0, 100)]).toHaveLength(2);
    // The count that balances the ledger's parts is what iterateRecords yields, for the same arguments.
    for (const [chainId, wallets, from, to] of [
      [1, [WALLET, OTHER], 4, 8],
      [1, [OTHER], 0, 100],
      [1, [WALLET], 5, 100],
      [10, [WALLET, OTHER], 0, 100],
    ] as const) {
      expect(store.countLedgerRows(chainId, wallets, from, to)).toBe([...store.iterateRecords(chainId, wallets, from, to)].length);
    }
    expect(store.countLedgerRows(1, [WALLET, OTHER], 4, 8)).toBe(4);
    // Up to a limit (whether the parts pay): the count stops there.
    expect(store.countLedgerRows(1, [WALLET, OTHER], 4, 8, 3)).toBe(3);
    expect(store.countLedgerRows(1, [WALLET, OTHER], 4, 8, 10)).toBe(4);
  });

  it('finds the blocks whose rows of the wallets name an address, in any case, for bridge pairing', () => {
    const bridge = '0x99c9fc46f92e8a1c0dec1b1747d010903e884be1';
    const toBridge = { ...txRow(6, '0x6', WALLET), to: '0x99C9fc46f92E8a1c0deC1b1747d010903E884bE1' };
    store.commitPage({
      chainId: 1,
      wallet: WALLET,
      stream: 'txlist',
      fromBlock: 1,
      toBlock: 20,
      records: [txRow(4, '0x4', WALLET), toBridge, { ...txRow(9, '0x9', WALLET), to: bridge }],
    });
    store.commitPage({
      chainId: 1,
      wallet: OTHER,
      stream: 'txlist',
      fromBlock: 1,
      toBlock: 20,
      records: [{ ...txRow(12, '0xc', OTHER), to: bridge }],
    });
    expect(store.blocksMentioning(1, [WALLET], 0, 100, [bridge])).toEqual([6, 9]);
    expect(store.blocksMentioning(1, [WALLET, OTHER], 7, 100, [bridge])).toEqual([9, 12]);
    expect(store.blocksMentioning(1, [WALLET], 0, 100, [])).toEqual([]);
    expect(store.blocksMentioning(10, [WALLET], 0, 100, [bridge])).toEqual([]);
    // PostgreSQL prepares it once per session and, after five executions, keeps one plan for every later one: the
    // answers stay those of each call's own blocks, wallets and chain.
    for (let turn = 0; turn < 4; turn += 1) {
      expect(store.blocksMentioning(1, [WALLET, OTHER], 0, 10, [bridge])).toEqual([6, 9]);
      expect(store.blocksMentioning(1, [OTHER], 0, 100, [bridge])).toEqual([12]);
    }
  });

  it('keeps one gap-free range: extends above, refuses a gap, and joins a backfill once it reaches the range', () => {
    const commit = (fromBlock: number, toBlock: number): void =>
      store.commitPage({ chainId: 1, wallet: WALLET, stream: 'txlist', fromBlock, toBlock, records: [] });
    commit(100, 200);
    commit(201, 300);
    expect(() => commit(302, 400)).toThrow('page would leave a gap in the synced range');
    commit(10, 49);
    expect(store.syncedRange(1, WALLET, 'txlist')).toEqual({ fromBlock: 100, toBlock: 300, backfill: { fromBlock: 10, toBlock: 49 } });
    commit(50, 99);
    expect(store.syncedRange(1, WALLET, 'txlist')).toEqual({ fromBlock: 10, toBlock: 300, backfill: null });
    expect(store.syncedRange(1, WALLET, 'tokentx')).toBeNull();
  });

  it('lists receipts still missing for transactions sent by the given wallets, once per hash', () => {
    store.commitPage({
      chainId: 1,
      wallet: WALLET,
      stream: 'txlist',
      fromBlock: 1,
      toBlock: 20,
      records: [txRow(3, '0xAA', WALLET), txRow(4, '0xbb', OTHER), txRow(5, '0xcc', WALLET)],
    });
    store.commitPage({ chainId: 1, wallet: OTHER, stream: 'txlist', fromBlock: 1, toBlock: 20, records: [txRow(3, '0xaa', WALLET)] });
    store.putReceipt(1, '0xCC', 5, receiptOf('0xcc', 5, '0x5208'));
    expect(store.missingReceipts(1, [WALLET], 0, 100)).toEqual([{ txHash: '0xaa', sender: WALLET, block: 3 }]);
    expect(store.missingReceipts(1, [WALLET], 4, 100)).toEqual([]);
    expect([...store.iterateRecords(1, [WALLET], 0, 100)].map((row) => [row.record.hash, row.receipt?.gasUsed ?? null])).toEqual([
      ['0xAA', null],
      ['0xbb', null],
      ['0xcc', '0x5208'],
    ]);
    expect(store.countReceipts()).toBe(1);
    // A page's worth asked at once: only the stored, on that chain.
    expect([...store.storedReceipts(1, ['0xaa', '0xcc', '0xdd'])]).toEqual(['0xcc']);
    expect(store.storedReceipts(10, ['0xcc']).size).toBe(0);
    expect(store.storedReceipts(1, []).size).toBe(0);
  });

  it('hands the ledger slim records with the receipt on every txlist row of its transaction, and keeps the raw ones for provenance', async () => {
    store.commitPage({
      chainId: 1,
      wallet: WALLET,
      stream: 'txlist',
      fromBlock: 1,
      toBlock: 20,
      records: [txRow(3, '0xAA', WALLET), txRow(4, '0xbb', OTHER)],
    });
    store.commitPage({ chainId: 1, wallet: WALLET, stream: 'tokentx', fromBlock: 1, toBlock: 20, records: [tokenRow(3, '0xaa')] });
    store.commitPage({ chainId: 1, wallet: OTHER, stream: 'txlist', fromBlock: 1, toBlock: 20, records: [txRow(3, '0xaa', WALLET)] });
    store.putReceipt(1, '0xaa', 3, receiptOf('0xaa', 3, '0x5208', { effectiveGasPrice: '0x7', logs: [{ data: '0x' }], logsBloom: '0x00' }));
    const rows = [...store.iterateRecords(1, [WALLET, OTHER], 0, 100)];
    expect(rows.map((row) => [row.wallet, row.stream, row.record.hash, row.receipt?.gasUsed ?? null])).toEqual([
      [WALLET, 'tokentx', '0xaa', null],
      [WALLET, 'txlist', '0xAA', '0x5208'],
      [OTHER, 'txlist', '0xaa', '0x5208'],
      [WALLET, 'txlist', '0xbb', null],
    ]);
    expect(rows[1]!.receipt).toEqual({
      gasUsed: '0x5208',
      effectiveGasPrice: '0x7',
      status: '',
      l1Fee: '',
      blobGasUsed: '',
      blobGasPrice: '',
    });
    expect(rows[1]!.record).not.toHaveProperty('input');
    expect(rows[1]!.record).not.toHaveProperty('confirmations');
    expect(rows[1]!.receipt).not.toHaveProperty('logs');
    expect([...store.rawRecords(1, [WALLET], 0, 100)].map((row) => row.record)).toEqual([
      tokenRow(3, '0xaa'),
      txRow(3, '0xAA', WALLET),
      txRow(4, '0xbb', OTHER),
    ]);
    store.flush();
    expect((await rawReceipts()).map((raw) => JSON.parse(raw) as WireReceipt)).toEqual([
      receiptOf('0xaa', 3, '0x5208', { effectiveGasPrice: '0x7', logs: [{ data: '0x' }], logsBloom: '0x00' }),
    ]);
  });

  it('gives a txlist row committed again after its receipt was stored the receipt at once', () => {
    const page = { chainId: 1, wallet: WALLET, stream: 'txlist' as const, fromBlock: 1, toBlock: 20, records: [txRow(3, '0xaa', WALLET)] };
    store.commitPage(page);
    store.putReceipt(1, '0xaa', 3, receiptOf('0xaa', 3, '0x1'));
    store.commitPage(page);
    expect([...store.iterateRecords(1, [WALLET], 0, 100)].map((row) => row.receipt?.gasUsed)).toEqual(['0x1']);
    expect(store.countRecords()).toBe(1);
  });

  it('round-trips every ledger field exactly, separators and quotes in a hostile token name included', () => {
    const names = ['a\u001fb', '\u001e[1]', 'say "hi", then \\ leave', '', 'ünïcødé 🚀', 'nul\u0000inside', 'lone \ud800 surrogate'];
    const rows = names.map((tokenName, i) => ({ ...tokenRow(3 + i, `0x${i}`), tokenName, tokenSymbol: tokenName }));
    store.commitPage({ chainId: 1, wallet: WALLET, stream: 'tokentx', fromBlock: 1, toBlock: 20, records: rows });
    const read = [...store.iterateRecords(1, [WALLET], 0, 100)].map((row) => row.record);
    expect(read).toEqual(
      rows.map((row) => ({
        blockNumber: row.blockNumber,
        timeStamp: row.timeStamp,
        hash: row.hash,
        transactionIndex: row.transactionIndex,
        from: row.from,
        to: row.to,
        value: row.value,
        contractAddress: row.contractAddress,
        tokenName: row.tokenName,
        tokenSymbol: row.tokenSymbol,
        tokenDecimal: row.tokenDecimal,
        functionName: '',
        // Its legs' ids ride after the fields, in the JSON form too (src/ledger/rowEntryIds.ts).
        valueId: expect.stringMatching(/^x[0-9a-f]{16}$/),
        feeId: '',
      })),
    );
    expect([...store.rawRecords(1, [WALLET], 0, 100)].map((row) => row.record)).toEqual(rows);
  });
}

/** The price cache of either store (PostgreSQL's is shared by all books: each test's series is its own). */
function priceCacheCase(open: () => { prices: PriceCache; close(): void }): void {
  it("gives back each cached price record exactly, in bucket order, the range's edges included", () => {
    const store = open();
    try {
      const series = { source: 'defillama', chainId: 10, asset: `0x${randomUUID().replaceAll('-', '')}00000000`, currency: 'USD' };
      // A price past a double's digits and a confidence one ulp below 0.2: each must come back as it went in.
      const records = [
        { bucket: 7200, price: '12345678901234567890.123456789', time: 7199, confidence: 0.19999999999999998 },
        { bucket: 3600, price: null, time: null, confidence: null },
        { bucket: 10800, price: '0.000000000000000001', time: 10_801, confidence: 1 },
        { bucket: 14400, price: '2', time: 14400, confidence: 0.99 },
      ].map((record) => ({ ...series, ...record }));
      store.prices.put([...records, { ...records[0]!, currency: 'EUR', price: '9' }]);
      expect(store.prices.get(series, 3600, 10800)).toEqual([records[1], records[0], records[2]]);
      expect(store.prices.get(series, 0, 2 ** 40).map((record) => record.confidence)).toEqual([null, 0.19999999999999998, 1, 0.99]);
      expect(store.prices.get(series, 3601, 7199)).toEqual([]);
      // Several spans in one read: each span's records as get gives them, span after span, the empty one and the other currency's apart.
      const euro = { ...series, currency: 'EUR' };
      expect(
        store.prices.getMany([
          { series, from: 10800, to: 2 ** 40 },
          { series, from: 3601, to: 7199 },
          { series: euro, from: 0, to: 2 ** 40 },
          { series, from: 0, to: 7200 },
        ]),
      ).toEqual([records[2], records[3], { ...records[0], currency: 'EUR', price: '9' }, records[1], records[0]]);
      expect(store.prices.getMany([])).toEqual([]);
    } finally {
      store.close();
    }
  });
}

describe('SQLite store', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-store-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('as a book store', () => {
    const file = (): string => path.join(dir, 'nested', 'state.sqlite');
    bookStoreCases(
      () => openSqliteStore(file()),
      () => Promise.resolve(storedReceipts(file())),
    );
  });
  describe('as a price cache', () => priceCacheCase(() => openSqliteStore(path.join(dir, 'state.sqlite'))));

  describe('its file', () => {
    let store: SqliteStore;
    beforeEach(() => {
      store = openSqliteStore(path.join(dir, 'nested', 'state.sqlite'));
    });
    afterEach(() => {
      store.close();
    });

    it('creates the folder, records the schema version and reopens without re-running migrations', () => {
      const lines: string[] = [];
      openSqliteStore(path.join(dir, 'fresh.sqlite'), { log: (line) => lines.push(line) }).close();
      // A new store has nothing to upgrade, so nothing to say.
      expect(lines).toEqual([]);
      const db = openSqlite(path.join(dir, 'nested', 'state.sqlite'), { readonly: true });
      expect(db.pragma('user_version', { simple: true })).toBe(migrationSteps('store').length);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      db.close();
    });

    it('refuses a store written by a newer schema', () => {
      store.close();
      const file = path.join(dir, 'nested', 'state.sqlite');
      const db = openSqlite(file);
      db.pragma(`user_version = ${migrationSteps('store').length + 1}`);
      db.close();
      expect(() => openSqliteStore(file)).toThrow('the state file was written by a newer ledgerscan');
      store = openSqliteStore(path.join(dir, 'other.sqlite'));
    });

    it('refuses a file that is not a database, naming the path', () => {
      const file = path.join(dir, 'junk.sqlite');
      fs.writeFileSync(file, 'not a database at all, just some text that is long enough to be read as a header');
      expect(() => openSqliteStore(file)).toThrow(/not a usable ledgerscan store.*junk\.sqlite/);
    });

    it.each([1, 2])('fills the ledger rows of a store written at schema version %i, receipts joined', (version) => {
      store.close();
      const file = path.join(dir, 'old.sqlite');
      const db = openSqlite(file);
      for (const step of migrationSteps('store').slice(0, version)) db.exec(step);
      db.pragma(`user_version = ${version}`);
      db.prepare(
        'INSERT INTO records (chain_id, wallet, stream, block_number, seq, tx_hash, from_address, raw) VALUES (1, ?, ?, 3, 0, ?, ?, ?)',
      ).run(WALLET, 'txlist', '0xaa', WALLET, JSON.stringify(txRow(3, '0xaa', WALLET)));
      db.prepare('INSERT INTO receipts (chain_id, tx_hash, raw) VALUES (1, ?, ?)').run(
        '0xaa',
        JSON.stringify({ transactionHash: '0xaa', gasUsed: '0x5208', effectiveGasPrice: '0x2', logs: [] }),
      );
      db.close();
      const lines: string[] = [];
      store = openSqliteStore(file, { log: (line) => lines.push(line) });
      expect(lines).toEqual([
        `upgrading the state file ${file} from schema ${version} to ${migrationSteps('store').length} (1 stored record), once; stopping it is safe`,
        expect.stringMatching(/^state file upgraded in \d+\.\d s$/),
      ]);
      store.close();
      // Upgraded once: reopening says nothing.
      store = openSqliteStore(file, { log: (line) => lines.push(line) });
      expect(lines).toHaveLength(2);
      const [row] = [...store.iterateRecords(1, [WALLET], 0, 100)];
      expect(row!.record).toEqual(expect.objectContaining({ hash: '0xaa', value: '0', gasUsed: '21000' }));
      expect(row!.record).not.toHaveProperty('input');
      expect(row!.receipt).toEqual(expect.objectContaining({ gasUsed: '0x5208', effectiveGasPrice: '0x2' }));
      expect(JSON.parse(storedReceipts(file)[0]!)).toHaveProperty('logs', []);
    });

    it("adds the legs' ids to the lines of a store written at schema version 7, as a new store stores them", () => {
      store.close();
      const pages = [
        { stream: 'tokentx' as const, records: [tokenRow(3, '0xAB'), tokenRow(3, '0xab', '2'), tokenRow(4, '0xcd')] },
        { stream: 'txlist' as const, records: [txRow(3, '0xab', WALLET)] },
      ];
      const file = path.join(dir, 'seven.sqlite');
      const db = openSqlite(file);
      registerStepFunctions(db);
      for (const step of migrationSteps('store').slice(0, 7)) db.exec(step);
      db.pragma('user_version = 7');
      const insert = db.prepare('INSERT INTO ledger_rows (chain_id, block_number, wallet, stream, seq, fields) VALUES (1, ?, ?, ?, ?, ?)');
      for (const { stream, records } of pages)
        records.forEach((record, seq) => insert.run(Number(record.blockNumber), WALLET, stream, seq, encodeLedgerFields(stream, record)));
      db.close();
      const ids = (): (string | undefined)[][] =>
        [...store.iterateRecords(1, [WALLET], 0, 100)].map((row) => [row.record.valueId, row.record.feeId]);
      store = openSqliteStore(file);
      const upgraded = ids();
      store.close();
      store = openSqliteStore(path.join(dir, 'new.sqlite'));
      for (const { stream, records } of pages) store.commitPage({ chainId: 1, wallet: WALLET, stream, fromBlock: 1, toBlock: 9, records });
      const stored = ids();
      expect(upgraded).toEqual(stored);
      // Two rows of one transaction (its hash in either case) are two legs; only the txlist row carries a fee's id.
      expect(new Set(stored.map(([value]) => value)).size).toBe(4);
      expect(stored.map(([, fee]) => fee?.length)).toEqual([0, 0, 17, 0]);
    });
  });
});

describeWithPostgres('PostgreSQL store', (server) => {
  let url: string;
  let book: string;
  beforeAll(async () => {
    url = await createDatabase(server);
  });
  afterAll(async () => {
    await dropDatabase(url);
  });
  beforeEach(() => {
    book = `book-${randomUUID()}`;
  });

  describe('as a book store', () =>
    bookStoreCases(
      () => openPostgresStore(url, book),
      async () =>
        (await queryDatabase(url, `SELECT raw FROM ledgerscan.receipts WHERE book_id = '${book}' ORDER BY tx_hash`)).map(
          (row) => row.raw as string,
        ),
    ));
  describe('as a price cache', () => priceCacheCase(() => openPostgresStore(url, book)));

  it('keeps books apart in the one schema they share', () => {
    const first = openPostgresStore(url, book);
    const second = openPostgresStore(url, `${book}-other`);
    try {
      first.commitPage({ chainId: 1, wallet: WALLET, stream: 'txlist', fromBlock: 1, toBlock: 9, records: [txRow(3, '0xaa', WALLET)] });
      first.putReceipt(1, '0xaa', 3, receiptOf('0xaa', 3, '0x1'));
      second.commitPage({
        chainId: 1,
        wallet: WALLET,
        stream: 'txlist',
        fromBlock: 1,
        toBlock: 5,
        records: [txRow(3, '0xaa', WALLET), txRow(4, '0xbb', WALLET)],
      });
      expect(first.countRecords()).toBe(1);
      expect(second.countRecords()).toBe(2);
      expect(second.countReceipts()).toBe(0);
      expect([...second.iterateRecords(1, [WALLET], 0, 100)].map((row) => row.receipt)).toEqual([null, null]);
      expect(second.syncedRange(1, WALLET, 'txlist')).toEqual({ fromBlock: 1, toBlock: 5, backfill: null });
      expect(first.syncedRange(1, WALLET, 'txlist')).toEqual({ fromBlock: 1, toBlock: 9, backfill: null });
    } finally {
      first.close();
      second.close();
    }
  });

  it('holding the book, reads its ranges once and keeps them as its pages move them', async () => {
    const before = openPostgresStore(url, book);
    try {
      before.commitPage({ chainId: 1, wallet: WALLET, stream: 'tokentx', fromBlock: 1, toBlock: 9, records: [tokenRow(3, '0xa')] });
    } finally {
      before.close();
    }
    const store = openPostgresStore(url, book);
    try {
      expect(store.tryLockBook()).toBe(true);
      // Written behind the lock's back, which no run does: the store answers from what it read when it took the book.
      await queryDatabase(url, `UPDATE ledgerscan.synced_ranges SET to_block = 99 WHERE book_id = '${book}'`);
      expect(store.syncedRange(1, WALLET.replace('aa', 'AA'), 'tokentx')).toEqual({ fromBlock: 1, toBlock: 9, backfill: null });
      expect(store.syncedRange(1, WALLET, 'txlist')).toBeNull();
      store.commitPage({ chainId: 1, wallet: WALLET, stream: 'txlist', fromBlock: 5, toBlock: 7, records: [] });
      expect(store.syncedRange(1, WALLET, 'txlist')).toEqual({ fromBlock: 5, toBlock: 7, backfill: null });
      expect(store.syncedRange(2, WALLET, 'tokentx')).toBeNull();
    } finally {
      store.close();
    }
  });

  it('records each schema step once, says nothing on a new database, and refuses a newer schema', async () => {
    const fresh = await createDatabase(server);
    try {
      const lines: string[] = [];
      openPostgresStore(fresh, book, { log: (line) => lines.push(line) }).close();
      openPostgresStore(fresh, book, { log: (line) => lines.push(line) }).close();
      expect(lines).toEqual([]);
      const versions = await queryDatabase(fresh, 'SELECT version FROM ledgerscan.schema_migrations ORDER BY version');
      expect(versions.map((row) => row.version)).toEqual(migrationSteps('postgres').map((_, index) => index + 1));
      await queryDatabase(fresh, `INSERT INTO ledgerscan.schema_migrations (version) VALUES (${migrationSteps('postgres').length + 1})`);
      expect(() => openPostgresStore(fresh, book)).toThrow('the database was written by a newer ledgerscan');
    } finally {
      await dropDatabase(fresh);
    }
  });

  it("adds the legs' ids to the lines of a book synced at schema version 24, byte for byte as a new book stores them", async () => {
    // A separator, and a value whose JSON text holds `","` and escapes.
    const odd = { ...tokenRow(5, '0xEF'), tokenName: 'A\u001fB', functionName: '"\\",' };
    const pages = [
      // Two lines in their JSON form, the second (a lone surrogate) its transaction's ref 1.
      {
        stream: 'tokentx' as const,
        records: [tokenRow(3, '0xAB'), tokenRow(3, '0xab', '2'), tokenRow(4, '0xcd'), odd, { ...odd, tokenSymbol: '\ud800' }],
      },
      { stream: 'txlist' as const, records: [txRow(3, '0xab', WALLET), txRow(7, 'GENESIS_0xAbC', OTHER)] },
      // As this release syncs it before the step: left as it is.
      { stream: 'txlist' as const, records: [txRow(5, '0xdd', WALLET)] },
      // A hash SQL cannot lowercase as the ledger does: its block's rows of the key keep no ids.
      { stream: 'txlistinternal' as const, records: [txRow(8, '0x\u00c4b', WALLET), txRow(8, '0xcc', WALLET), txRow(9, '0xCC', WALLET)] },
    ].map(({ stream, records }, index) => ({
      chainId: 1,
      wallet: WALLET,
      stream,
      fromBlock: 10 * index,
      toBlock: 10 * index + 9,
      records: records.map((record) => ({ ...record, blockNumber: String(10 * index + Number(record.blockNumber)) })),
    }));
    const old = await createDatabase(server);
    const client = new pg.Client({ connectionString: old });
    await client.connect();
    try {
      await client.query('CREATE SCHEMA ledgerscan; SET search_path = ledgerscan');
      await client.query('CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      for (const step of migrationSteps('postgres').slice(0, 24)) await client.query(step);
      await client.query('INSERT INTO schema_migrations (version) SELECT generate_series(1, 24)');
      for (const [index, page] of pages.entries()) {
        const lines =
          index === 2 ? pageRows(page).map((row) => row.fields) : page.records.map((record) => encodeLedgerFields(page.stream, record));
        for (const [seq, fields] of lines.entries()) {
          await client.query(
            'INSERT INTO ledger_rows (book_id, chain_id, block_number, wallet, stream, seq, fields) VALUES ($1, 1, $2, $3, $4, $5, $6)',
            [book, Number(page.records[seq]!.blockNumber), WALLET, page.stream, seq, fields],
          );
        }
      }
      openPostgresStore(old, book).close();
      const fresh = openPostgresStore(old, `${book}-fresh`);
      for (const page of pages) fresh.commitPage(page);
      fresh.close();
      const lines = async (of: string): Promise<unknown[]> =>
        (
          await client.query({
            text: 'SELECT block_number, stream, seq, fields FROM ledger_rows WHERE book_id = $1 ORDER BY block_number, stream, seq',
            values: [of],
            rowMode: 'array',
          })
        ).rows;
      const [upgraded, stored] = [await lines(book), await lines(`${book}-fresh`)];
      const kept = (row: unknown): boolean => (row as [string])[0] === '38';
      expect(upgraded.filter((row) => !kept(row))).toEqual(stored.filter((row) => !kept(row)));
      expect(upgraded.filter(kept)).toEqual(
        pages[3]!.records.slice(0, 2).map((record, seq) => ['38', 'txlistinternal', seq, encodeLedgerFields('txlistinternal', record)]),
      );
      expect(upgraded).toHaveLength(11);
    } finally {
      await client.end();
      await dropDatabase(old);
    }
  });

  it('after the server drops an idle session, writes on a new one, keeping every committed page', async () => {
    const store = openPostgresStore(url, book);
    try {
      store.commitPage({ chainId: 1, wallet: WALLET, stream: 'tokentx', fromBlock: 1, toBlock: 9, records: [tokenRow(3, '0xa')] });
      // A read waits for the posted page: the session is idle when it is dropped.
      expect(store.countRecords()).toBe(1);
      await queryDatabase(
        url,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      store.commitPage({ chainId: 1, wallet: WALLET, stream: 'tokentx', fromBlock: 10, toBlock: 20, records: [tokenRow(12, '0xb')] });
    } finally {
      store.close();
    }
    const reopened = openPostgresStore(url, book);
    try {
      expect(reopened.countRecords()).toBe(2);
      expect(reopened.syncedRange(1, WALLET, 'tokentx')).toEqual({ fromBlock: 1, toBlock: 20, backfill: null });
    } finally {
      reopened.close();
    }
  });

  it('opens on a new session when the server ended the idle session of the thread it takes back, whose notice is not in yet', async () => {
    // Ended from a session kept open, so the open follows at once, before the idle thread hears of it: a quarter of
    // these opens failed as a lost connection.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      for (let round = 0; round < 40; round += 1) {
        openPostgresStore(url, book).close();
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
        const store = openPostgresStore(url, book);
        try {
          expect(store.countRecords()).toBe(0);
        } finally {
          store.close();
        }
      }
    } finally {
      await admin.end();
    }
  });

  it('fails a transaction the lost connection cut, never finishing it on a new session, and goes on afterwards', () => {
    const db = openPostgresDatabase(url);
    const range = {
      sql: `INSERT INTO synced_ranges (book_id, chain_id, wallet, stream, from_block, to_block) VALUES ('cut-book', 1, $1, 'txlist', 1, 2)`,
      params: [WALLET],
    };
    const count = (): unknown => db.query({ sql: `SELECT count(*) FROM synced_ranges WHERE book_id = 'cut-book'`, params: [] })[0]?.[0];
    try {
      expect(() =>
        db.transaction(() => {
          db.query(range);
          db.query({ sql: 'SELECT pg_terminate_backend(pg_backend_pid())', params: [] });
          db.query(range);
        }),
      ).toThrow(DatabaseUnavailableError);
      expect(count()).toBe(0);
      db.transaction(() => db.query(range));
      expect(count()).toBe(1);
    } finally {
      db.close();
    }
  });

  it('begins a transaction whatever moment the server cuts the idle session, and goes on after a cut ROLLBACK', async () => {
    const db = openPostgresDatabase(url);
    const session = (): unknown => db.query({ sql: 'SELECT pg_backend_pid()', params: [] })[0]?.[0];
    let begun = 0;
    try {
      // The cut lands before, during or after the BEGIN or the ROLLBACK as the delays shift. It waits for the
      // backend's exit, so the next round's first statement meets a session already gone, never one going.
      for (let round = 0; round < 40; round += 1) {
        const cut = queryDatabase(url, `SELECT pg_sleep(0.01), pg_terminate_backend(${String(session())}, 5000)`);
        await new Promise((resolve) => setTimeout(resolve, 5 + (round % 10)));
        db.query({ sql: 'BEGIN', params: [] });
        begun += 1;
        try {
          db.query({ sql: 'ROLLBACK', params: [] });
        } catch (error) {
          expect(error).toBeInstanceOf(DatabaseUnavailableError);
        }
        await cut;
      }
    } finally {
      db.close();
    }
    expect(begun).toBe(40);
  });

  it('ends a read whose connection the server drops with an error, not a wait', async () => {
    const store = openPostgresStore(url, book);
    try {
      const records = Array.from({ length: 1500 }, (_, i) => tokenRow(1 + Math.floor(i / 10), `0x${i}`));
      store.commitPage({ chainId: 1, wallet: WALLET, stream: 'tokentx', fromBlock: 1, toBlock: 200, records });
      const rows = store.iterateRecords(1, [WALLET], 0, 200);
      expect(rows.next().done).toBe(false);
      // The next batch is being read ahead on the connection that is now cut.
      await queryDatabase(
        url,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(() => [...rows]).toThrow(DatabaseUnavailableError);
    } finally {
      store.close();
    }
  });

  describe("posts the sync's writes without waiting for them", () => {
    const page = (fromBlock: number, toBlock: number, records: readonly WireRecord[] = [tokenRow(fromBlock, `0x${fromBlock}`)]) => ({
      chainId: 1,
      wallet: WALLET,
      stream: 'tokentx' as const,
      fromBlock,
      toBlock,
      records,
    });
    const committed = async (): Promise<{ records: unknown; range: unknown }> => {
      const [row] = await queryDatabase(
        url,
        `SELECT (SELECT count(*)::int FROM ledgerscan.records WHERE book_id = '${book}') AS records,
           (SELECT from_block || '-' || to_block FROM ledgerscan.synced_ranges WHERE book_id = '${book}' AND stream = 'tokentx') AS range`,
      );
      return { records: row?.records, range: row?.range };
    };

    it('and a read after them, on this session or after it on another, sees every one', () => {
      const store = openPostgresStore(url, book);
      const other = openPostgresStore(url, book);
      try {
        // More pages than may be in flight at once: the later ones wait for room, none is lost.
        for (let block = 1; block <= 40; block += 1) store.commitPage(page(block * 10, block * 10 + 9));
        store.commitPage({ ...page(1, 9, [txRow(3, '0xaa', WALLET)]), stream: 'txlist' });
        store.putReceipt(1, '0xaa', 3, receiptOf('0xaa', 3, '0x7'));
        expect(store.countRecords()).toBe(41);
        expect(store.syncedRange(1, WALLET, 'tokentx')).toEqual({ fromBlock: 10, toBlock: 409, backfill: null });
        expect([...store.iterateRecords(1, [WALLET], 0, 9)].map((row) => row.receipt?.gasUsed)).toEqual(['0x7']);
        expect(other.countRecords()).toBe(41);
        expect([...other.iterateRecords(1, [WALLET], 0, 9)].map((row) => row.receipt?.gasUsed)).toEqual(['0x7']);
      } finally {
        store.close();
        other.close();
      }
    });

    it('and a page that fails leaves the state before it and fails the next call, and every call after', async () => {
      const store = openPostgresStore(url, book);
      try {
        store.commitPage(page(1, 9));
        expect(store.countRecords()).toBe(1);
        // Another writer moves the range the store's next page is worked out from.
        await queryDatabase(url, `UPDATE ledgerscan.synced_ranges SET to_block = 50 WHERE book_id = '${book}'`);
        store.commitPage(page(10, 20, [tokenRow(12, '0xb'), tokenRow(13, '0xc')]));
        store.commitPage(page(21, 30));
        expect(() => store.countRecords()).toThrow(
          expect.objectContaining({
            details: expect.objectContaining({ error: expect.stringMatching(/synced range of tokentx on chain 1 changed under this run/) }),
          }),
        );
        expect(() => store.storedReceipts(1, ['0xaa'])).toThrow('the database refused a statement');
        expect(() => store.commitPage(page(31, 40))).toThrow('the database refused a statement');
        expect(await committed()).toEqual({ records: 1, range: '1-50' });
      } finally {
        store.close();
      }
    });

    it('and a failure not told before close is thrown by close', async () => {
      const store = openPostgresStore(url, book);
      store.commitPage(page(1, 9));
      store.syncedRange(1, WALLET, 'tokentx');
      await queryDatabase(url, `DELETE FROM ledgerscan.synced_ranges WHERE book_id = '${book}'`);
      store.commitPage(page(10, 20));
      expect(() => store.close()).toThrow('the database refused a statement');
      expect(await committed()).toEqual({ records: 1, range: null });
    });

    it('and receipts a batch at a time: more than a batch, one put twice, on two chains, each on its rows once flushed', async () => {
      const store = openPostgresStore(url, book);
      const hashes = Array.from({ length: 70 }, (_, index) => `0x${(index + 1).toString(16).padStart(4, '0')}`);
      try {
        for (const chainId of [1, 10]) {
          const records = hashes.map((hash, index) => txRow(index + 1, hash, WALLET));
          store.commitPage({ chainId, wallet: WALLET, stream: 'txlist', fromBlock: 1, toBlock: 100, records });
        }
        hashes.forEach((hash, index) => store.putReceipt(1, hash.toUpperCase(), index + 1, receiptOf(hash, index + 1, '0x1')));
        // The last put of a receipt is the one kept, also when both are in one batch.
        store.putReceipt(10, hashes[0]!, 1, receiptOf(hashes[0]!, 1, '0x2'));
        store.putReceipt(10, hashes[0]!, 1, receiptOf(hashes[0]!, 1, '0x3'));
        store.flush();
        const [row] = await queryDatabase(
          url,
          `SELECT (SELECT count(*)::int FROM ledgerscan.receipts WHERE book_id = '${book}') AS receipts,
             (SELECT count(*)::int FROM ledgerscan.ledger_rows WHERE book_id = '${book}' AND receipt IS NOT NULL) AS attached`,
        );
        expect(row).toEqual({ receipts: 71, attached: 71 });
        // Read on the store's session: the receipts put after the flush are posted before it.
        store.putReceipt(10, hashes[1]!, 2, receiptOf(hashes[1]!, 2, '0x4'));
        expect(store.missingReceipts(10, [WALLET], 0, 100)).toHaveLength(68);
        expect([...store.iterateRecords(10, [WALLET], 0, 2)].map((read) => read.receipt?.gasUsed)).toEqual(['0x3', '0x4']);
        expect(store.storedReceipts(1, hashes).size).toBe(70);
      } finally {
        store.close();
      }
    });

    it('and a failure not told yet is thrown by flush, for a store that stays open after its command', async () => {
      const store = openPostgresStore(url, book);
      try {
        store.commitPage(page(1, 9));
        store.flush();
        expect(await committed()).toEqual({ records: 1, range: '1-9' });
        await queryDatabase(url, `DELETE FROM ledgerscan.synced_ranges WHERE book_id = '${book}'`);
        store.commitPage(page(10, 20));
        expect(() => store.flush()).toThrow('the database refused a statement');
        expect(() => store.countRecords()).toThrow('the database refused a statement');
      } finally {
        store.close();
      }
      expect(await committed()).toEqual({ records: 1, range: null });
    });

    it('and a page whose connection is cut while it commits fails as the database lost, none of its rows kept', async () => {
      const store = openPostgresStore(url, book);
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      try {
        store.commitPage(page(1, 9));
        store.syncedRange(1, WALLET, 'tokentx');
        await holder.query(`BEGIN; SELECT * FROM ledgerscan.synced_ranges WHERE book_id = '${book}' FOR UPDATE`);
        store.commitPage(page(10, 20, [tokenRow(12, '0xb'), tokenRow(13, '0xc')]));
        // The page's transaction has deleted and inserted its rows, and waits for the range row: cut it there.
        let waiting: Record<string, unknown>[] = [];
        while (waiting.length === 0) {
          waiting = await queryDatabase(
            url,
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
        }
        await holder.query('ROLLBACK');
        expect(() => store.countRecords()).toThrow(DatabaseUnavailableError);
        expect(await committed()).toEqual({ records: 1, range: '1-9' });
      } finally {
        await holder.end();
        store.close();
      }
    });
  });

  it('refuses what is not a reachable PostgreSQL database, never showing the password', () => {
    expect(() => openPostgresStore('mysql://user:hunter2@localhost/db', book)).toThrow(/not a PostgreSQL URL.*user:\*\*\*@localhost/);
    const unreachable = new URL(url);
    unreachable.port = '1';
    unreachable.password = 'hunter2';
    let message = '';
    try {
      openPostgresStore(unreachable.toString(), book);
    } catch (error) {
      message = String((error as Error).message);
    }
    expect(message).toMatch(/^cannot connect to the database \(database: postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\//);
    expect(message).not.toContain('hunter2');
  });
});

describe('bridge rows', () => {
  it('are indexed for every canonical bridge the ledger pairs', () => {
    const bridges = Object.values(BRIDGE_CONTRACTS).flatMap((contracts) => Object.keys(contracts));
    expect(bridges.filter((address) => !(INDEXED_BRIDGE_ADDRESSES as readonly string[]).includes(address))).toEqual([]);
  });
});
