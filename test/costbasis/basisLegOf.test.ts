import { describe, expect, it } from '@jest/globals';
import { basisLegOf, type BasisValue } from '../../src/costbasis/basisLegOf.js';
import { Decimal } from '../../src/ledger/money.js';
import { entry } from '../support/entry.js';

const VALUED: BasisValue = { value: new Decimal('3000'), valueState: 'valued', price: new Decimal('3000'), priceSource: 'file' };

describe('basisLegOf', () => {
  it('keeps the entry’s fields and the value given beside it', () => {
    const leg = basisLegOf(entry({ blockNumber: 7, amountRaw: 10n ** 18n, category: 'trade', direction: 'out' }), VALUED);
    expect(leg).toMatchObject({
      blockNumber: 7,
      amountRaw: 10n ** 18n,
      category: 'trade',
      direction: 'out',
      assetContract: '',
      decimals: 18,
    });
    expect(leg?.value?.toString()).toBe('3000');
    expect(leg?.bridge).toBeUndefined();
  });

  it('reads the bridge partner from the note pairBridges wrote, among other notes', () => {
    const note = 'derived_from_call bridged_to 42161:0xabc:0xabc-wallet-3 to_bridge';
    const leg = basisLegOf(entry({ blockNumber: 7, amountRaw: 1n, category: 'bridge', direction: 'out', note }), VALUED);
    expect(leg?.bridge).toEqual({ role: 'to', chainId: 42161, txHash: '0xabc', entryId: '0xabc-wallet-3' });
    const unmatched = basisLegOf(entry({ blockNumber: 7, amountRaw: 1n, category: 'bridge', note: 'bridge_unmatched' }), VALUED);
    expect(unmatched?.bridge).toBeUndefined();
  });

  it('leaves out an entry a user rule ignored', () => {
    expect(basisLegOf(entry({ blockNumber: 7, amountRaw: 1n, ignored: true }), VALUED)).toBeNull();
  });
});
