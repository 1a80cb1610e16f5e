import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import type { WireAddressTag } from '../../src/etherscan/WireAddressTag.js';
import { openStore } from '../../src/store/openStore.js';
import { etherscanSample } from '../support/samples.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-tags-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const [COINBASE] = (etherscanSample('docs-getaddresstag-PROPLUS.json') as { result: WireAddressTag[] }).result;
const UNTAGGED = '0x00000000000000000000000000000000000000aa';

describe('address_tags (AddressTagTable)', () => {
  it('keeps each answer, "no tag" included, per chain, exactly as received, across reopening', () => {
    const file = path.join(dir, 'state.db');
    const store = openStore(file);
    const coinbase = COINBASE!.address;
    expect(store.addressTags.unknown(1, [coinbase.toUpperCase().replace('0X', '0x'), UNTAGGED])).toEqual([coinbase, UNTAGGED]);
    store.addressTags.put(1, [coinbase, UNTAGGED], [COINBASE!], '2026-11-25T10:00:00.000Z');
    store.close();

    const reopened = openStore(file);
    expect(reopened.addressTags.unknown(1, [coinbase, UNTAGGED])).toEqual([]);
    // Tags are per chain: the same address on OP was never asked.
    expect(reopened.addressTags.unknown(10, [coinbase])).toEqual([coinbase]);
    expect(reopened.addressTags.ofChain(1)).toEqual([
      { address: UNTAGGED, tag: null, fetchedAt: '2026-11-25T10:00:00.000Z' },
      { address: coinbase, tag: COINBASE, fetchedAt: '2026-11-25T10:00:00.000Z' },
    ]);
    reopened.close();
  });
});
