import { describe, expect, it } from '@jest/globals';
import { buy, ETH, fee, gainsOf, leg, openOf, replay, sell, settingsOf, TKN, totalGain, tx, unbalancedTies, USDC, W1, W2 } from './legs.js';

describe('replayBasis: costbasis.md Part C', () => {
  it('T5 the valuation side: received values first, else the sent side (flagged), else unknown', () => {
    const history = (usdcValue: number | null, ethValue: number | null): ReturnType<typeof tx>[] => [
      tx('2024-01-01', leg('L', 'in', 'gift_in', ETH, '1', 1000)),
      tx('2024-05-01', sell('D', ETH, '1', ethValue), buy('U', USDC, '2950', usdcValue)),
    ];
    const received = replay(history(2950, 3000), { settings: settingsOf('fifo') });
    expect(gainsOf(received)).toEqual([['D', 'L', '1', 2950, 0, 1000, 1950, 'short']]);
    expect(openOf(received)[0]).toEqual([null, 'USDC', 'U', '2024-05-01', '2950', 2950]);
    const sent = replay(history(null, 3000), { settings: settingsOf('fifo') });
    expect(gainsOf(sent)).toEqual([['D', 'L', '1', 3000, 0, 1000, 2000, 'short']]);
    expect(sent.gains[0]?.flags).toEqual(['valued_by_sent_leg']);
    expect(openOf(sent)[0]).toEqual([null, 'USDC', 'U', '2024-05-01', '2950', 3000]);
    const neither = replay(history(null, null), { settings: settingsOf('fifo') });
    expect(gainsOf(neither)).toEqual([['D', 'L', '1', null, 0, 1000, null, 'short']]);
    expect(openOf(neither)[0]).toEqual([null, 'USDC', 'U', '2024-05-01', '2950', null]);
  });

  it('T10 a claim’s fee is capitalised into the claimed lot', () => {
    const report = replay(
      [
        tx('2024-01-01', leg('L', 'in', 'gift_in', ETH, '1', 1000)),
        tx('2024-02-01', leg('drop', 'in', 'airdrop', TKN, '100', 500), fee('gas', '0.002', 6)),
      ],
      { settings: settingsOf('fifo') },
    );
    expect(gainsOf(report)).toEqual([['gas', 'L', '0.002', 6, 0, 2, 4, 'short']]);
    expect(report.income.map((row) => [row.entryId, row.value?.toString()])).toEqual([['drop', '500']]);
    expect(openOf(report)[1]).toEqual([null, 'TKN', 'drop', '2024-02-01', '100', 506]);
  });

  it('T13 spam takes no part anywhere, but the gas of its transaction is still a fee disposal', () => {
    const report = replay(
      [
        tx('2024-01-01', leg('L', 'in', 'gift_in', ETH, '1', 1000)),
        tx('2024-02-01', { ...leg('spam', 'in', 'transfer', TKN, '1000000', null), spam: 'call_to_action' }),
        tx('2024-03-01', { ...leg('junk', 'out', 'transfer', TKN, '5', null), spam: 'deny_list' }, fee('gas', '0.001', 3)),
      ],
      { settings: settingsOf('fifo') },
    );
    expect(gainsOf(report)).toEqual([['gas', 'L', '0.001', 3, 0, 1, 2, 'short']]);
    expect(report.issues).toEqual([]);
    expect(report.openLots.map((lot) => lot.asset)).toEqual(['ETH']);
  });

  it('T14 a gift out, a donation and a loss remove their lots at cost without a gain', () => {
    const report = replay(
      [
        tx('2024-01-01', leg('L', 'in', 'gift_in', ETH, '2', 2000)),
        tx('2024-02-01', leg('G', 'out', 'gift_out', ETH, '0.5', 1500)),
        tx('2024-03-01', leg('X', 'out', 'lost', ETH, '0.5', 1500)),
      ],
      { settings: settingsOf('fifo') },
    );
    expect(report.gains).toEqual([]);
    expect(report.removals.map((row) => [row.entryId, row.kind, row.costBasis?.toString()])).toEqual([
      ['G', 'gift_out', '500'],
      ['X', 'lost', '500'],
    ]);
    expect(report.issues).toEqual([]);
    expect(unbalancedTies(report)).toEqual([]);
  });

  it('T20 a liquidity add valued by the sent side, then a remove whose proceeds are the received values', () => {
    const report = replay(
      [
        tx('2024-01-01', leg('E', 'in', 'gift_in', ETH, '1', 1000), leg('U', 'in', 'gift_in', USDC, '3000', 3000)),
        tx(
          '2024-02-01',
          leg('addE', 'out', 'liquidity_add', ETH, '1', 3000),
          leg('addU', 'out', 'liquidity_add', USDC, '3000', 3000),
          leg('LP', 'in', 'liquidity_add', TKN, '10', null),
        ),
        tx(
          '2024-03-01',
          leg('rmLP', 'out', 'liquidity_remove', TKN, '10', null),
          leg('rmE', 'in', 'liquidity_remove', ETH, '0.8', 2800),
          leg('rmU', 'in', 'liquidity_remove', USDC, '3400', 3400),
        ),
      ],
      { settings: settingsOf('fifo') },
    );
    expect(gainsOf(report)).toEqual([
      ['addE', 'E', '1', 3000, 0, 1000, 2000, 'short'],
      ['addU', 'U', '3000', 3000, 0, 3000, 0, 'short'],
      ['rmLP', 'LP', '10', 6200, 0, 6000, 200, 'short'],
    ]);
    expect(report.gains.map((row) => row.flags)).toEqual([['valued_by_sent_leg'], ['valued_by_sent_leg'], []]);
    expect(openOf(report)).toEqual([
      [null, 'ETH', 'rmE', '2024-03-01', '0.8', 2800],
      [null, 'USDC', 'rmU', '2024-03-01', '3400', 3400],
    ]);
  });

  it('T23 same-transaction order under lifo: the fee takes the old lot, never the one the trade brings', () => {
    const report = replay(
      [
        tx('2024-01-01', leg('L1', 'in', 'gift_in', ETH, '0.01', 20), leg('U', 'in', 'gift_in', USDC, '3000', 3000)),
        tx('2024-05-01', sell('D', USDC, '3000', 3000), buy('new', ETH, '1', 3000), fee('gas', '0.005', 15)),
      ],
      { settings: settingsOf('lifo') },
    );
    expect(gainsOf(report)).toEqual([
      ['gas', 'L1', '0.005', 15, 0, 10, 5, 'short'],
      ['D', 'U', '3000', 3000, 15, 3000, -15, 'short'],
    ]);
    expect(openOf(report)).toEqual([
      [null, 'ETH', 'new', '2024-05-01', '1', 3000],
      [null, 'ETH', 'L1', '2024-01-01', '0.005', 10],
    ]);
  });

  it('T24 an NFT takes no part: the coin paid for it is disposed of at its own value', () => {
    const report = replay(
      [
        tx('2024-01-01', leg('L', 'in', 'gift_in', ETH, '2', 2000)),
        tx('2024-02-01', sell('D', ETH, '1', 3000), { ...buy('nft', TKN, '1', null), kind: 'erc721' }),
      ],
      { settings: settingsOf('fifo') },
    );
    expect(gainsOf(report)).toEqual([['D', 'L', '1', 3000, 0, 1000, 2000, 'short']]);
    expect(report.openLots.map((lot) => lot.asset)).toEqual(['ETH']);
  });

  it('a move larger than its pool moves what there is; the rest arrives at unknown cost under the moving leg’s id', () => {
    const report = replay(
      [
        tx('2024-01-01', leg('L', 'in', 'gift_in', ETH, '1', 1000, W1)),
        tx('2024-02-01', leg('out', 'out', 'own_transfer', ETH, '1.5', 3000, W1), leg('in', 'in', 'own_transfer', ETH, '1.5', 3000, W2)),
      ],
      { settings: settingsOf('fifo', 'wallet') },
    );
    expect(openOf(report)).toEqual([
      [W2, 'ETH', 'L', '2024-01-01', '1', 1000],
      [W2, 'ETH', 'out', '2024-02-01', '0.5', null],
    ]);
    expect(report.issues.map((issue) => [issue.entryId, issue.issue, issue.quantity])).toEqual([
      ['out', 'missing_acquisition', 5n * 10n ** 17n],
    ]);
    expect(report.ties.find((tie) => tie.wallet === W2)?.unknown).toBe(2);
  });

  it('an unclassified transfer out is removed by default and sold at value when the settings say dispose', () => {
    const history = [
      tx('2024-01-01', leg('L', 'in', 'gift_in', ETH, '1', 1000)),
      tx('2024-02-01', leg('T', 'out', 'transfer', ETH, '1', 2500)),
    ];
    const removed = replay(history, { settings: settingsOf('fifo') });
    expect(removed.removals.map((row) => [row.entryId, row.kind, row.costBasis?.toString()])).toEqual([['T', 'transfer', '1000']]);
    expect(removed.issues.map((issue) => issue.issue)).toEqual(['unclassified_out']);
    const disposed = replay(history, { settings: { ...settingsOf('fifo'), unclassifiedOut: 'dispose' } });
    expect(gainsOf(disposed)).toEqual([['T', 'L', '1', 2500, 0, 1000, 1500, 'short']]);
    expect(totalGain(disposed)).toBe(1500);
  });
});
