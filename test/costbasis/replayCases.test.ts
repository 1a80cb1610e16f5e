import { describe, expect, it } from '@jest/globals';
import { Decimal } from '../../src/ledger/money.js';
import {
  ARB_ETH,
  buy,
  cents,
  ETH,
  fee,
  gainsOf,
  leg,
  openOf,
  replay,
  sell,
  settingsOf,
  TKN,
  totalGain,
  tx,
  unbalancedTies,
  USDC,
  W1,
  W2,
} from './legs.js';

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
    expect([...sent.gains][0]?.flags).toEqual(['valued_by_sent_leg']);
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
    expect([...report.gains]).toEqual([]);
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
    expect([...report.gains].map((row) => row.flags)).toEqual([['valued_by_sent_leg'], ['valued_by_sent_leg'], []]);
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

  it.each(['average', 'uk', 'fifo'] as const)(
    '%s: a lot of unknown cost joining the pool leaves its tie holding, the known cost blended in counted out with each piece',
    (method) => {
      const report = replay(
        [
          tx('2024-01-01', leg('K', 'in', 'gift_in', ETH, '2', 1000, W1)),
          tx('2024-01-05', leg('U', 'in', 'transfer', ETH, '1', null, W1)),
          tx('2024-02-01', leg('D', 'out', 'payment_out', ETH, '1', 900, W1)),
          tx('2024-03-01', leg('out', 'out', 'own_transfer', ETH, '1', 900, W1), leg('in', 'in', 'own_transfer', ETH, '1', 900, W2)),
          tx('2024-04-01', leg('G', 'out', 'gift_out', ETH, '0.5', 450, W2)),
        ],
        { settings: settingsOf(method, 'wallet') },
      );
      expect(unbalancedTies(report)).toEqual([]);
      if (method !== 'average') return;
      // A third of the pool's known 1000 leaves with each unit: sold, moved to W2 (then half of it given away), open.
      const columns = report.ties.map((tie) =>
        [tie.acquired, tie.movedIn, tie.disposed, tie.removed, tie.movedOut, tie.open].map(cents).concat(tie.unknown),
      );
      expect(columns).toEqual([
        [1000, 0, 333.33, 0, 333.33, 333.33, 4],
        [0, 333.33, 0, 166.67, 0, 166.67, 3],
      ]);
    },
  );

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

describe('replayBasis: paths the cases above do not take', () => {
  const bridgeOut = {
    ...leg('out', 'out', 'bridge', ETH, '1', 3000),
    bridge: { role: 'to' as const, chainId: 42161, txHash: '0xb', entryId: 'in' },
  };
  const bridgeIn = {
    ...leg('in', 'in', 'bridge', ARB_ETH, '1', 3000),
    bridge: { role: 'from' as const, chainId: 1, txHash: '0xa', entryId: 'out' },
  };

  it('a bridge whose in-leg comes first in ledger order still moves the lots, once its out-leg is read', () => {
    const report = replay(
      [tx('2024-01-01', leg('L', 'in', 'gift_in', ETH, '1', 1000)), tx('2024-03-01', bridgeIn), tx('2024-03-01', bridgeOut)],
      {
        settings: settingsOf('fifo'),
      },
    );
    expect(openOf(report)).toEqual([[null, 'ETH', 'L', '2024-01-01', '1', 1000]]);
    expect(report.openLots[0]?.chainId).toBe(42161);
    expect(unbalancedTies(report)).toEqual([]);
  });

  it('wallet → universal merges the wallets’ pools; average → fifo names the pooled lot after the change’s day', () => {
    const history = [
      tx('2024-01-01', leg('A', 'in', 'gift_in', ETH, '1', 1000, W1)),
      tx('2024-02-01', leg('B', 'in', 'gift_in', ETH, '1', 3000, W2)),
      tx('2024-08-01', leg('D', 'out', 'payment_out', ETH, '1', 2500, W2)),
    ];
    const merged = replay(history, { settings: settingsOf('fifo', 'wallet', [{ from: '2024-07-01', scope: 'universal' }]) });
    expect(gainsOf(merged)).toEqual([['D', 'A', '1', 2500, 0, 1000, 1500, 'short']]);
    expect(unbalancedTies(merged)).toEqual([]);
    const renamed = replay(history, { settings: settingsOf('average', 'universal', [{ from: '2024-07-01', method: 'fifo' }]) });
    expect(gainsOf(renamed)).toEqual([['D', 'pooled:2024-07-01', '1', 2500, 0, 2000, 500, 'short']]);
  });

  it('an opening lot enters before the first leg; under per-wallet pools one without a wallet is named, not guessed', () => {
    const opening = {
      lotId: 'O',
      acquiredAt: Date.UTC(2022, 0, 1) / 1000,
      quantity: 10n ** 18n,
      cost: new Decimal(100),
      chainId: 1,
      asset: 'ETH',
      assetContract: '',
      decimals: 18,
    };
    const sale = [tx('2024-03-01', leg('D', 'out', 'payment_out', ETH, '1', 500, W1))];
    const universal = replay(sale, { settings: settingsOf('fifo'), openingLots: [{ ...opening, wallet: null }] });
    expect(gainsOf(universal)).toEqual([['D', 'O', '1', 500, 0, 100, 400, 'long']]);
    const wallet = replay(sale, { settings: settingsOf('fifo', 'wallet'), openingLots: [{ ...opening, wallet: W1 }] });
    expect(gainsOf(wallet)).toEqual(gainsOf(universal));
    const unnamed = replay(sale, { settings: settingsOf('fifo', 'wallet'), openingLots: [{ ...opening, wallet: null }] });
    expect(unnamed.issues.map((issue) => [issue.entryId, issue.issue])).toEqual([
      ['O', 'opening_lot_without_wallet'],
      ['D', 'missing_acquisition'],
    ]);
  });

  it('a fee of unknown value leaves the selling costs and the gain unknown, the fee row without proceeds', () => {
    const report = replay(
      [
        tx('2024-01-01', leg('L', 'in', 'gift_in', ETH, '2', 2000)),
        tx('2024-05-01', sell('D', ETH, '1', 3000), buy('U', USDC, '3000', 3000), fee('gas', '0.01', null)),
      ],
      { settings: settingsOf('fifo') },
    );
    expect(gainsOf(report)).toEqual([
      ['gas', 'L', '0.01', null, 0, 10, null, 'short'],
      ['D', 'L', '1', 3000, null, 1000, null, 'short'],
    ]);
  });
});
