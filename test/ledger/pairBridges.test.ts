import { describe, expect, it } from '@jest/globals';
import type { LedgerEntry } from '../../src/ledger/LedgerEntry.js';
import { BRIDGE_WINDOW_SECONDS, chainsBridged, pairBridges, withBridgePairs } from '../../src/ledger/pairBridges.js';
import { entry } from '../support/entry.js';

const OTHER_WALLET = '0x4444444444444444444444444444444444444444';
const OP_L1_BRIDGE = '0x99c9fc46f92e8a1c0dec1b1747d010903e884be1';
const OP_L2_BRIDGE = '0x4200000000000000000000000000000000000010';
const ARB_BRIDGE = '0x8315177ab297ba92a06054ce80a67ed4dbd7ed3a';
const ONE_ETH = 10n ** 18n;

/** A bridge leg as the ledger makes it: category bridge, noted unmatched. */
function leg(fields: Partial<LedgerEntry> & Pick<LedgerEntry, 'blockNumber' | 'chainId' | 'direction' | 'counterparty'>): LedgerEntry {
  return entry({ amountRaw: ONE_ETH, category: 'bridge', note: 'bridge_unmatched', ...fields });
}

const deposit = leg({ blockNumber: 100, chainId: 1, direction: 'out', counterparty: OP_L1_BRIDGE });
const arrival = (fields: Partial<LedgerEntry> = {}): LedgerEntry =>
  leg({ blockNumber: 160, chainId: 10, direction: 'in', counterparty: OP_L2_BRIDGE, ...fields });

describe('pairBridges', () => {
  it('pairs a deposit into the OP bridge with its arrival on OP Mainnet, each naming the other', () => {
    const inbound = arrival();
    const pairs = pairBridges([deposit, inbound]);
    expect(pairs.get(deposit.entryId)).toBe(`bridged_to 10:${inbound.txHash}:${inbound.entryId}`);
    expect(pairs.get(inbound.entryId)).toBe(`bridged_from 1:${deposit.txHash}:${deposit.entryId}`);
    const annotated = [...withBridgePairs([deposit, inbound], pairs)];
    expect(annotated.map((e) => e.note)).toEqual([pairs.get(deposit.entryId), pairs.get(inbound.entryId)]);
  });

  it.each([
    ['another amount', arrival({ amountRaw: ONE_ETH - 1n })],
    ['an arrival before the deposit', arrival({ blockNumber: 90 })],
    ['an arrival after the window', arrival({ blockNumber: 100 + BRIDGE_WINDOW_SECONDS / 10 + 1 })],
    [
      'an arrival on a chain the bridge does not lead to',
      arrival({ chainId: 42161, counterparty: '0x0000000000000000000000000000000000000064' }),
    ],
    ['another coin', arrival({ kind: 'erc20', asset: 'USDC', assetContract: '0x0b2c639c533813f4aa9d7837caf62653d097ff85', decimals: 6 })],
    ['a plain transfer', arrival({ category: 'transfer' })],
  ])('leaves both legs unmatched for %s: a near match is never guessed', (_case, inbound) => {
    expect(pairBridges([deposit, inbound]).size).toBe(0);
    expect([...withBridgePairs([deposit, inbound], new Map())].map((e) => e.note)).toEqual([deposit.note, inbound.note]);
  });

  it('pairs an Arbitrum withdrawal finalised on mainnet days later', () => {
    const withdrawal = leg({
      blockNumber: 100,
      chainId: 42161,
      direction: 'out',
      counterparty: '0x0000000000000000000000000000000000000064',
    });
    const payout = leg({ blockNumber: 100 + 7 * 24 * 360, chainId: 1, direction: 'in', counterparty: ARB_BRIDGE });
    expect(pairBridges([withdrawal, payout]).get(payout.entryId)).toBe(`bridged_from 42161:${withdrawal.txHash}:${withdrawal.entryId}`);
  });

  it('takes the earliest open deposit of the same wallet before another owned wallet', () => {
    const other = leg({ blockNumber: 90, chainId: 1, direction: 'out', counterparty: OP_L1_BRIDGE, wallet: OTHER_WALLET });
    const second = leg({ blockNumber: 110, chainId: 1, direction: 'out', counterparty: OP_L1_BRIDGE });
    const first = arrival({ blockNumber: 120 });
    const later = arrival({ blockNumber: 130 });
    const pairs = pairBridges([other, deposit, second, first, later]);
    expect(pairs.get(first.entryId)).toContain(deposit.entryId);
    expect(pairs.get(later.entryId)).toContain(second.entryId);
    expect(pairs.has(other.entryId)).toBe(false);
  });

  it('knows when no two chains of a job are bridged to each other', () => {
    expect(chainsBridged([1, 10])).toBe(true);
    expect(chainsBridged([10, 42161])).toBe(false);
    expect(chainsBridged([137])).toBe(false);
  });
});
