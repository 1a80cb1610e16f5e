import { describe, expect, it } from '@jest/globals';
import { basisLegOf, type BasisValue } from '../../src/costbasis/basisLegOf.js';
import { LegPacker, unpackedLegs } from '../../src/costbasis/PackedLegs.js';
import type { LedgerEntry } from '../../src/ledger/LedgerEntry.js';
import { entry } from '../support/entry.js';

const UNKNOWN: BasisValue = { value: null, valueState: 'not valued yet', price: null, priceSource: '' };

/** Legs of many shapes over more than two blocks: transactions of one to three legs, so hashes repeat across a block's edge. */
function entries(count: number): LedgerEntry[] {
  return Array.from({ length: count }, (_, index) => {
    const tx = Math.floor(index / 3) + (index % 7 === 0 ? 1 : 0);
    return entry({
      timestamp: 1_700_000_000 + tx,
      blockNumber: 2_200_000_000 + tx,
      chainId: index % 5 === 0 ? 42161 : 1,
      txHash: `0x${tx.toString(16).padStart(64, '0')}`,
      transactionIndex: tx % 200,
      order: index % 3,
      entryId: `e${index}`,
      amountRaw: 10n ** BigInt(index % 80) + BigInt(index),
      decimals: index % 11 === 0 ? null : 18,
      direction: index % 2 === 0 ? 'in' : 'out',
      category: index % 13 === 0 ? 'bridge' : 'trade',
      note: index % 26 === 0 ? `bridged_to 10:0xabc${index}:e${index + 1}` : '',
      spam: index % 17 === 0 ? 'lookalike' : '',
      asset: `TK${index % 9}`,
      assetContract: index % 9 === 0 ? '' : `0x${(index % 9).toString(16).padStart(40, '0')}`,
      wallet: `0x${(index % 4).toString(16).padStart(40, '0')}`,
      ignored: index % 19 === 0,
    });
  });
}

describe('PackedLegs', () => {
  it('gives back what basisLegOf makes of each entry, in order, the ignored left out, through a structured clone', () => {
    const given = entries(10_000);
    const packer = new LegPacker();
    for (const one of given) packer.add(one);
    const packed = structuredClone(packer.packed());
    const expected = given.flatMap((one) => basisLegOf(one, UNKNOWN) ?? []);
    expect(packed.count).toBe(expected.length);
    expect([...unpackedLegs(packed, UNKNOWN)]).toEqual(expected);
    expect(expected.filter((leg) => leg.bridge !== undefined).length).toBeGreaterThan(100);
  });

  it('reads nothing from no entry', () => {
    expect([...unpackedLegs(new LegPacker().packed(), UNKNOWN)]).toEqual([]);
  });
});
