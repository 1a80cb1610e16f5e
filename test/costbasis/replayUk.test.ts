import { describe, expect, it } from '@jest/globals';
import type { BasisReport } from '../../src/costbasis/BasisReport.js';
import type { CostBasisSettings } from '../../src/costbasis/CostBasisSettings.js';
import { Decimal } from '../../src/ledger/money.js';
import { cents, ETH, leg, openOf, replay, settingsOf, TKN, tx, unbalancedTies, WETH, yearOf } from './legs.js';

const UK: CostBasisSettings = { ...settingsOf('uk'), profile: 'uk' };
const acquire = (id: string, when: string, amount: string, value: number): ReturnType<typeof tx> =>
  tx(when, leg(id, 'in', 'gift_in', TKN, amount, value));
const dispose = (id: string, when: string, amount: string, value: number): ReturnType<typeof tx> =>
  tx(when, leg(id, 'out', 'payment_out', TKN, amount, value));

/** Each disposal's gain (its rows summed), in cents. */
function gainByDisposal(report: BasisReport): Record<string, number | null> {
  const gains: Record<string, Decimal> = {};
  for (const row of report.gains) gains[row.entryId] = (gains[row.entryId] ?? new Decimal(0)).add(row.gain ?? Number.NaN);
  return Object.fromEntries(Object.entries(gains).map(([id, gain]) => [id, cents(gain)]));
}

describe('replayBasis under uk (HMRC’s worked examples through the replay)', () => {
  it('T15 same day (CRYPTO22252): the day’s disposals are one, matched to the day’s acquisition', () => {
    const report = replay(
      [
        acquire('pool', '2023-01-01', '5000', 500),
        dispose('D1', '2024-06-23T09:00:00Z', '1000', 800),
        acquire('A', '2024-06-23T10:00:00Z', '1600', 1000),
        dispose('D2', '2024-06-23T11:00:00Z', '500', 600),
      ],
      { settings: UK, timezone: 'Europe/London' },
    );
    const total = Object.values(gainByDisposal(report)).reduce((sum: number, gain) => sum + (gain ?? Number.NaN), 0);
    expect(total).toBeCloseTo(462.5, 2);
    expect([...report.gains].every((row) => row.term === null && row.method === 'uk')).toBe(true);
    expect(openOf(report).map((row) => (row as unknown[]).slice(4))).toEqual([['5100', 562.5]]);
    expect(unbalancedTies(report)).toEqual([]);
  });

  it('T16 30 days across the tax year (CRYPTO22253): later acquisitions match earlier disposals, earliest first', () => {
    const report = replay(
      [
        acquire('pool', '2023-01-01', '2000', 1000),
        dispose('D31Mar', '2024-03-31', '1000', 400),
        dispose('D20Apr', '2024-04-20', '500', 150),
        acquire('A21Apr', '2024-04-21', '700', 175),
        acquire('A28Apr', '2024-04-28', '500', 100),
        acquire('A1May', '2024-05-01', '500', 150),
      ],
      { settings: UK, timezone: 'Europe/London' },
    );
    expect(gainByDisposal(report)).toEqual({ D31Mar: 165, D20Apr: 20 });
    expect(openOf(report).map((row) => (row as unknown[]).slice(4))).toEqual([['2200', 1060]]);
  });

  it('T17 all three rules (CRYPTO22256): same day, then 30 days, then the section 104 pool', () => {
    const report = replay(
      [
        acquire('pool', '2023-01-01', '100000', 300000),
        acquire('A31Jul', '2024-07-31T09:00:00Z', '10000', 45000),
        dispose('D31Jul', '2024-07-31T10:00:00Z', '30000', 150000),
        dispose('D5Aug', '2024-08-05', '20000', 100000),
        acquire('A6Aug', '2024-08-06', '50000', 225000),
        dispose('D7Aug', '2024-08-07', '100000', 150000),
      ],
      { settings: UK, timezone: 'Europe/London' },
    );
    expect(gainByDisposal(report)).toEqual({ D31Jul: 15000, D5Aug: 10000, D7Aug: -163636.36 });
    expect(openOf(report).map((row) => (row as unknown[]).slice(4))).toEqual([['10000', 31363.64]]);
    expect(unbalancedTies(report)).toEqual([]);
  });

  it('a disposal late in the period waits for its 30 days: later legs of the next period still match it', () => {
    const history = [acquire('pool', '2023-01-01', '100', 100), dispose('D', '2024-12-20', '10', 50), acquire('A', '2025-01-05', '10', 20)];
    expect(gainByDisposal(replay(history, { settings: UK, timezone: 'Europe/London', period: yearOf(2024) }))).toEqual({ D: 30 });
    expect(gainByDisposal(replay(history.slice(0, 2), { settings: UK, timezone: 'Europe/London' }))).toEqual({ D: 40 });
  });

  it('a wrap does not overtake a sale still waiting for its 30 days: it leaves the sale its pool and moves the rest', () => {
    const wrap = (id: string, when: string, amount: string, value: number, from = ETH, to = WETH): ReturnType<typeof tx> =>
      tx(
        when,
        leg(`${id}o`, 'out', from === ETH ? 'wrap' : 'unwrap', from, amount, value),
        leg(`${id}i`, 'in', from === ETH ? 'wrap' : 'unwrap', to, amount, value),
      );
    const report = replay(
      [
        tx('2024-01-01', leg('A', 'in', 'income', ETH, '10', 1000)),
        wrap('w1', '2024-01-02', '5', 600),
        tx('2024-02-01', leg('D', 'out', 'payment_out', ETH, '5', 4000)),
        // Back and forth before the sale's 30 days are over: the coins that came back are the ones that leave again.
        wrap('u', '2024-02-02', '5', 4000, WETH, ETH),
        wrap('w2', '2024-02-03', '5', 4000),
        tx('2024-12-01', leg('E', 'out', 'payment_out', WETH, '5', 9000)),
      ],
      { settings: UK, timezone: 'Europe/London' },
    );
    expect(report.issues).toEqual([]);
    expect([...report.gains].map((row) => [row.entryId, row.asset, cents(row.costBasis), row.flags])).toEqual([
      ['D', 'ETH', 500, []],
      ['E', 'WETH', 500, []],
    ]);
    expect(report.openLots).toEqual([]);
    expect(unbalancedTies(report)).toEqual([]);
  });
});
