import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { WireAddressTag } from '../../src/etherscan/WireAddressTag.js';
import { openSqliteStore } from '../../src/store/openSqliteStore.js';
import type { PipelineStore } from '../../src/store/PipelineStore.js';
import { openPostgresStore } from '../../src/store/postgres/openPostgresStore.js';
import { createDatabase, describeWithPostgres, dropDatabase } from '../support/postgres.js';
import { etherscanSample } from '../support/samples.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-tags-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const [COINBASE] = (etherscanSample('docs-getaddresstag-PROPLUS.json') as { result: WireAddressTag[] }).result;
const UNTAGGED = '0x00000000000000000000000000000000000000aa';
const LISTED = ['0x00000000000000000000000000000000000000Bb', '0x00000000000000000000000000000000000000cc'];

/**
 * The API's facts about addresses (name tags, screening lists) on either store. `open(book)` opens a new
 * connection to the same storage: the same file for SQLite, the same database for PostgreSQL.
 */
function addressFactCases(open: (book: string) => PipelineStore): void {
  it('keeps each tag answer, "no tag" included, per chain, exactly as received, across reopening', () => {
    const store = open('tags');
    const coinbase = COINBASE!.address;
    try {
      expect(store.addressTags.unknown(1, [coinbase.toUpperCase().replace('0X', '0x'), UNTAGGED])).toEqual([coinbase, UNTAGGED]);
      store.addressTags.put(1, [coinbase, UNTAGGED], [COINBASE!], '2026-11-25T10:00:00.000Z');
    } finally {
      store.close();
    }
    const reopened = open('tags');
    try {
      expect(reopened.addressTags.unknown(1, [coinbase, UNTAGGED])).toEqual([]);
      // Tags are per chain: the same address on OP was never asked.
      expect(reopened.addressTags.unknown(10, [coinbase])).toEqual([coinbase]);
      expect(reopened.addressTags.ofChain(1)).toEqual([
        { address: UNTAGGED, tag: null, fetchedAt: '2026-11-25T10:00:00.000Z' },
        { address: coinbase, tag: COINBASE, fetchedAt: '2026-11-25T10:00:00.000Z' },
      ]);
      // Asked again (a refetch), the newer answer replaces the older.
      reopened.addressTags.put(1, [UNTAGGED], [], '2026-11-26T10:00:00.000Z');
      expect(reopened.addressTags.ofChain(1)[0]).toEqual({ address: UNTAGGED, tag: null, fetchedAt: '2026-11-26T10:00:00.000Z' });
    } finally {
      reopened.close();
    }
  });

  it('replaces a screening list whole with its date, and says which lists each address is on', () => {
    const store = open('lists');
    try {
      expect(store.screeningLists.fetchedAt(137, 'ofac-sanctioned')).toBeNull();
      store.screeningLists.put(137, 'ofac-sanctioned', [UNTAGGED, ...LISTED], '2026-11-01T00:00:00.000Z');
      store.screeningLists.put(137, 'phish-hack', [LISTED[1]!], '2026-11-01T00:00:00.000Z');
      store.screeningLists.put(137, 'ofac-sanctioned', LISTED, '2026-11-08T00:00:00.000Z');
    } finally {
      store.close();
    }
    const reopened = open('lists');
    try {
      expect(reopened.screeningLists.fetchedAt(137, 'ofac-sanctioned')).toBe('2026-11-08T00:00:00.000Z');
      expect(reopened.screeningLists.size(137, 'ofac-sanctioned')).toBe(2);
      expect(reopened.screeningLists.size(1, 'ofac-sanctioned')).toBe(0);
      expect([...reopened.screeningLists.listsOf(137, [UNTAGGED, ...LISTED])]).toEqual([
        [LISTED[0]!.toLowerCase(), ['ofac-sanctioned']],
        [LISTED[1]!, ['ofac-sanctioned', 'phish-hack']],
      ]);
    } finally {
      reopened.close();
    }
  });
}

describe('address tags and screening lists on the SQLite store', () => {
  addressFactCases(() => openSqliteStore(path.join(dir, 'state.db')));
});

describeWithPostgres('address tags and screening lists on the PostgreSQL store', (server) => {
  let url: string;
  beforeAll(async () => {
    url = await createDatabase(server);
  });
  afterAll(() => dropDatabase(url));

  addressFactCases((book) => openPostgresStore(url, book));

  it('shares them among books: what one book fetched, another never asks again', () => {
    const first = openPostgresStore(url, 'client-a');
    const second = openPostgresStore(url, 'client-b');
    try {
      first.addressTags.put(8453, [UNTAGGED], [], '2026-11-25T10:00:00.000Z');
      first.screeningLists.put(8453, 'phish-hack', [UNTAGGED], '2026-11-25T10:00:00.000Z');
      expect(second.addressTags.unknown(8453, [UNTAGGED, LISTED[1]!])).toEqual([LISTED[1]]);
      expect(second.screeningLists.fetchedAt(8453, 'phish-hack')).toBe('2026-11-25T10:00:00.000Z');
      expect([...second.screeningLists.listsOf(8453, [UNTAGGED])]).toEqual([[UNTAGGED, ['phish-hack']]]);
    } finally {
      first.close();
      second.close();
    }
  });
});
