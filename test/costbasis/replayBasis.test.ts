import { describe, expect, it } from '@jest/globals';
import type { BasisMethod } from '../../src/costbasis/CostBasisSettings.js';
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
  WETH,
} from './legs.js';

/** T1's history: two purchases, then 1.5 and 0.5 ETH sold. */
function t1(): ReturnType<typeof tx>[] {
  return [
    tx('2024-01-01', leg('cash', 'in', 'gift_in', USDC, '3000', 3000)),
    tx('2024-01-10', buy('L1', ETH, '1', 1000), sell('p1', USDC, '1000', 1000)),
    tx('2024-03-01', buy('L2', ETH, '1', 2000), sell('p2', USDC, '2000', 2000)),
    tx('2024-06-01', sell('D1', ETH, '1.5', 4500), buy('r1', USDC, '4500', 4500)),
    tx('2024-07-01', sell('D2', ETH, '0.5', 1000), buy('r2', USDC, '1000', 1000)),
  ];
}

/** Only the ETH rows (the USDC legs that pay for ETH are disposals too, at cost). */
const ethGains = (report: ReturnType<typeof replay>): unknown[] =>
  gainsOf({ ...report, gains: [...report.gains].filter((row) => row.asset === 'ETH') });

describe('replayBasis: the issue’s table', () => {
  it.each<[BasisMethod, unknown[]]>([
    [
      'fifo',
      [
        ['D1', 'L1', '1', 3000, 0, 1000, 2000, 'short'],
        ['D1', 'L2', '0.5', 1500, 0, 1000, 500, 'short'],
        ['D2', 'L2', '0.5', 1000, 0, 1000, 0, 'short'],
      ],
    ],
    [
      'lifo',
      [
        ['D1', 'L2', '1', 3000, 0, 2000, 1000, 'short'],
        ['D1', 'L1', '0.5', 1500, 0, 500, 1000, 'short'],
        ['D2', 'L1', '0.5', 1000, 0, 500, 500, 'short'],
      ],
    ],
    [
      'hifo',
      [
        ['D1', 'L2', '1', 3000, 0, 2000, 1000, 'short'],
        ['D1', 'L1', '0.5', 1500, 0, 500, 1000, 'short'],
        ['D2', 'L1', '0.5', 1000, 0, 500, 500, 'short'],
      ],
    ],
    [
      'average',
      [
        ['D1', null, '1.5', 4500, 0, 2250, 2250, null],
        ['D2', null, '0.5', 1000, 0, 750, 250, null],
      ],
    ],
  ])('T1 methods on one history, %s: the rows differ, the total once every lot is closed does not', (method, rows) => {
    const report = replay(t1(), { settings: settingsOf(method) });
    expect(ethGains(report)).toEqual(rows);
    expect(totalGain(report)).toBe(2500);
    expect(report.openLots.filter((lot) => lot.asset === 'ETH')).toEqual([]);
    expect(unbalancedTies(report)).toEqual([]);
  });

  it('T2 HIFO ≠ LIFO: the highest unit cost leaves first', () => {
    const history = [
      tx('2024-01-01', leg('L1', 'in', 'gift_in', ETH, '1', 2000)),
      tx('2024-02-01', leg('L2', 'in', 'gift_in', ETH, '1', 3000)),
      tx('2024-03-01', leg('L3', 'in', 'gift_in', ETH, '1', 1000)),
      tx('2024-04-01', leg('D', 'out', 'payment_out', ETH, '1', 2500)),
    ];
    const gain = (method: BasisMethod): unknown[] =>
      gainsOf(replay(history, { settings: settingsOf(method) })).map((row) => (row as unknown[]).slice(1, 7));
    expect(gain('fifo')).toEqual([['L1', '1', 2500, 0, 2000, 500]]);
    expect(gain('lifo')).toEqual([['L3', '1', 2500, 0, 1000, 1500]]);
    expect(gain('hifo')).toEqual([['L2', '1', 2500, 0, 3000, -500]]);
  });

  it('a partial lot: the piece takes cost × taken ÷ quantity, the piece that empties it exactly the rest', () => {
    const history = [
      tx('2024-01-01', leg('L', 'in', 'gift_in', ETH, '3', 1000)),
      ...['2024-02-01', '2024-03-01', '2024-04-01'].map((day, index) => tx(day, leg(`D${index}`, 'out', 'payment_out', ETH, '1', 500))),
    ];
    const report = replay(history, { settings: settingsOf('fifo') });
    expect([...report.gains].map((row) => row.costBasis?.toString())).toEqual([
      expect.stringMatching(/^333\.3333333333/),
      expect.stringMatching(/^333\.3333333333/),
      expect.stringMatching(/^333\.3333333333/),
    ]);
    expect([...report.gains].reduce((sum, row) => sum.add(row.costBasis ?? 0), [...report.gains][0]!.costBasis!.mul(0)).toString()).toBe(
      '1000',
    );
  });

  it('T4 a trade with fee: the fee is a disposal first, then its selling cost; the rest of the lot stays open', () => {
    const report = replay(
      [
        tx('2024-01-01', leg('L1', 'in', 'gift_in', ETH, '2', 2000)),
        tx('2024-05-01', sell('eth', ETH, '1', 3000), buy('usdc', USDC, '3000', 3000), fee('gas', '0.01', 30)),
      ],
      { settings: settingsOf('fifo') },
    );
    expect(gainsOf(report)).toEqual([
      ['gas', 'L1', '0.01', 30, 0, 10, 20, 'short'],
      ['eth', 'L1', '1', 3000, 30, 1000, 1970, 'short'],
    ]);
    expect([...report.gains].map((row) => row.kind)).toEqual(['fee', 'trade']);
    expect(openOf(report)).toEqual([
      [null, 'ETH', 'L1', '2024-01-01', '0.99', 990],
      [null, 'USDC', 'usdc', '2024-05-01', '3000', 3000],
    ]);
    expect(totalGain(report)).toBe(1990);
  });

  it('a refund: the sent coin is netted, so only what was spent is disposed of', () => {
    const report = replay(
      [
        tx('2024-01-01', leg('L1', 'in', 'gift_in', ETH, '2', 2000)),
        tx('2024-05-01', sell('eth', ETH, '1.2', 3600), buy('usdc', USDC, '2900', 2900), leg('back', 'in', 'trade', ETH, '0.2', 600)),
      ],
      { settings: settingsOf('fifo') },
    );
    expect(gainsOf(report)).toEqual([['eth', 'L1', '1', 2900, 0, 1000, 1900, 'short']]);
    expect(openOf(report)[0]).toEqual([null, 'ETH', 'L1', '2024-01-01', '1', 1000]);
  });

  it('T8 a wrap and an unwrap keep the basis and the acquisition date', () => {
    const report = replay(
      [
        tx('2024-01-01', leg('L1', 'in', 'gift_in', ETH, '1', 1000)),
        tx('2024-03-01', leg('wrap', 'out', 'wrap', ETH, '1', 3000), leg('weth', 'in', 'wrap', WETH, '1', 3000)),
        tx('2024-06-01', leg('unwrap', 'out', 'unwrap', WETH, '0.5', 1800), leg('eth', 'in', 'unwrap', ETH, '0.5', 1800)),
        tx('2025-02-01', sell('D', WETH, '0.5', 2000), buy('usdc', USDC, '2000', 2000)),
      ],
      { settings: settingsOf('fifo'), period: { start: 0, end: Date.UTC(2026, 0, 1) / 1000 } },
    );
    expect(gainsOf(report)).toEqual([['D', 'L1', '0.5', 2000, 0, 500, 1500, 'long']]);
    expect(openOf(report)).toEqual([
      [null, 'ETH', 'L1', '2024-01-01', '0.5', 500],
      [null, 'USDC', 'usdc', '2025-02-01', '2000', 2000],
    ]);
    expect(unbalancedTies(report)).toEqual([]);
  });

  it('T6 an own transfer: a no-op under the universal scope; under per-wallet pools the lots move with their dates', () => {
    const history = [
      tx('2024-01-01', leg('L1', 'in', 'gift_in', ETH, '1', 1000, W1)),
      tx('2024-02-01', leg('L2', 'in', 'gift_in', ETH, '1', 2000, W1)),
      tx('2024-03-01', leg('L3', 'in', 'gift_in', ETH, '1', 3000, W2)),
      tx('2024-04-01', leg('out', 'out', 'own_transfer', ETH, '1.5', 4500, W1), leg('in', 'in', 'own_transfer', ETH, '1.5', 4500, W2)),
      tx('2024-05-01', leg('D', 'out', 'payment_out', ETH, '1.2', 6000, W2)),
    ];
    const universal = replay(history, { settings: settingsOf('fifo', 'universal') });
    expect(gainsOf(universal)).toEqual([
      ['D', 'L1', '1', 5000, 0, 1000, 4000, 'short'],
      ['D', 'L2', '0.2', 1000, 0, 400, 600, 'short'],
    ]);
    const wallet = replay(history, { settings: settingsOf('fifo', 'wallet') });
    expect(gainsOf(wallet)).toEqual(gainsOf(universal));
    expect([...wallet.gains].map((row) => new Date(row.acquiredAt! * 1000).toISOString().slice(0, 10))).toEqual([
      '2024-01-01',
      '2024-02-01',
    ]);
    expect(openOf(wallet)).toEqual([
      [W1, 'ETH', 'L2', '2024-02-01', '0.5', 1000],
      [W2, 'ETH', 'L2', '2024-02-01', '0.3', 600],
      [W2, 'ETH', 'L3', '2024-03-01', '1', 3000],
    ]);
    expect(unbalancedTies(wallet)).toEqual([]);
    const t6a = [history[0]!, history[2]!, tx('2024-05-01', leg('S', 'out', 'payment_out', ETH, '1', 4000, W2))];
    expect(gainsOf(replay(t6a, { settings: settingsOf('fifo', 'universal') }))[0]).toEqual(['S', 'L1', '1', 4000, 0, 1000, 3000, 'short']);
    expect(gainsOf(replay(t6a, { settings: settingsOf('fifo', 'wallet') }))[0]).toEqual(['S', 'L3', '1', 4000, 0, 3000, 1000, 'short']);
  });

  it('T7 an own transfer with a fee: the fee is a disposal, the move keeps the rest of the basis', () => {
    const report = replay(
      [
        tx('2024-01-01', leg('L1', 'in', 'gift_in', ETH, '1', 1000, W1)),
        tx(
          '2024-04-01',
          leg('out', 'out', 'own_transfer', ETH, '0.5', 2000, W1),
          fee('gas', '0.01', 40, W1),
          leg('in', 'in', 'own_transfer', ETH, '0.5', 2000, W2),
        ),
      ],
      { settings: settingsOf('fifo', 'wallet') },
    );
    expect(gainsOf(report)).toEqual([['gas', 'L1', '0.01', 40, 0, 10, 30, 'short']]);
    expect(openOf(report)).toEqual([
      [W1, 'ETH', 'L1', '2024-01-01', '0.49', 490],
      [W2, 'ETH', 'L1', '2024-01-01', '0.5', 500],
    ]);
  });

  it('T21 a bridge: the lots leave chain 1 and arrive on 42161 when the in-leg does, id, date and cost kept', () => {
    const bridgeOut = {
      ...leg('out', 'out', 'bridge', ETH, '1', 3000),
      bridge: { role: 'to' as const, chainId: 42161, txHash: '0xb', entryId: 'in' },
    };
    const bridgeIn = {
      ...leg('in', 'in', 'bridge', ARB_ETH, '1', 3000),
      bridge: { role: 'from' as const, chainId: 1, txHash: '0xa', entryId: 'out' },
    };
    const report = replay(
      [
        tx('2024-01-01', leg('L', 'in', 'gift_in', ETH, '2', 2000)),
        tx('2024-03-01', bridgeOut, fee('gas', '0.005', 15)),
        tx('2024-03-02', bridgeIn),
        tx('2024-04-01', leg('D', 'out', 'payment_out', ARB_ETH, '0.5', 2000)),
      ],
      { settings: settingsOf('fifo', 'wallet') },
    );
    expect(gainsOf(report)).toEqual([
      ['gas', 'L', '0.005', 15, 0, 5, 10, 'short'],
      ['D', 'L', '0.5', 2000, 0, 500, 1500, 'short'],
    ]);
    expect([...report.gains][1]?.chainId).toBe(42161);
    expect(openOf(report)).toEqual([
      [W1, 'ETH', 'L', '2024-01-01', '0.995', 995],
      [W1, 'ETH', 'L', '2024-01-01', '0.5', 500],
    ]);
    expect(unbalancedTies(report)).toEqual([]);
  });

  it('T9 income then sale: income at value is the lot’s cost; without a price both stay unknown', () => {
    const history = (value: number | null): ReturnType<typeof tx>[] => [
      tx('2024-02-01', leg('R', 'in', 'staking_reward', ETH, '0.1', value)),
      tx('2024-08-01', leg('D', 'out', 'payment_out', ETH, '0.1', 300)),
    ];
    const priced = replay(history(250), { settings: settingsOf('fifo') });
    expect(priced.income.map((row) => [row.entryId, row.category, cents(row.value)])).toEqual([['R', 'staking_reward', 250]]);
    expect(gainsOf(priced)).toEqual([['D', 'R', '0.1', 300, 0, 250, 50, 'short']]);
    const unpriced = replay(history(null), { settings: settingsOf('fifo') });
    expect(unpriced.income[0]?.value).toBeNull();
    expect(gainsOf(unpriced)).toEqual([['D', 'R', '0.1', 300, 0, null, null, 'short']]);
    expect([...unpriced.gains][0]?.flags).toEqual(['missing_basis']);
    expect(unpriced.issues.map((issue) => [issue.entryId, issue.issue])).toEqual([
      ['R', 'unknown_price'],
      ['D', 'missing_basis'],
    ]);
  });

  it('T11 a sale before any purchase: a row without lot, basis or term, and a later purchase does not pay it back', () => {
    const report = replay(
      [
        tx('2024-01-01', leg('L1', 'in', 'gift_in', ETH, '1', 1000)),
        tx('2024-06-01', leg('D', 'out', 'payment_out', ETH, '1.5', 4500)),
        tx('2024-07-01', leg('L2', 'in', 'gift_in', ETH, '1', 3000)),
      ],
      { settings: settingsOf('fifo') },
    );
    expect(gainsOf(report)).toEqual([
      ['D', 'L1', '1', 3000, 0, 1000, 2000, 'short'],
      ['D', null, '0.5', 1500, 0, null, null, null],
    ]);
    expect([...report.gains][1]?.flags).toEqual(['missing_acquisition']);
    expect(report.issues).toEqual([
      { entryId: 'D', issue: 'missing_acquisition', quantity: 5n * 10n ** 17n, decimals: 18, detail: expect.any(String) },
    ]);
    expect(openOf(report)).toEqual([[null, 'ETH', 'L2', '2024-07-01', '1', 3000]]);
  });

  it('T12 an unknown price: an unpriced transfer in is a lot of unknown cost, its sale has no basis or gain — never 0', () => {
    const report = replay(
      [
        tx('2024-01-01', leg('L', 'in', 'transfer', TKN, '50', null)),
        tx('2024-02-01', sell('D', TKN, '50', null), buy('usdc', USDC, '100', 100)),
      ],
      { settings: settingsOf('hifo') },
    );
    expect(gainsOf(report)).toEqual([['D', 'L', '50', 100, 0, null, null, 'short']]);
    expect(report.issues.map((issue) => [issue.entryId, issue.issue])).toEqual([
      ['L', 'unclassified_in'],
      ['L', 'unknown_price'],
      ['D', 'missing_basis'],
    ]);
  });

  it('HIFO takes a lot of unknown cost last', () => {
    const report = replay(
      [
        tx('2024-01-01', leg('U', 'in', 'transfer', ETH, '1', null)),
        tx('2024-02-01', leg('C', 'in', 'gift_in', ETH, '1', 100)),
        tx('2024-03-01', leg('D', 'out', 'payment_out', ETH, '1', 500)),
      ],
      { settings: settingsOf('hifo') },
    );
    expect(gainsOf(report)).toEqual([['D', 'C', '1', 500, 0, 100, 400, 'short']]);
  });
});
