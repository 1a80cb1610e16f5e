import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { holdingTerm } from '../../src/costbasis/holdingTerm.js';
import { Decimal, formatUnits } from '../../src/ledger/money.js';
import { at, ETH, gainsOf, leg, type LegSpec, openOf, replay, settingsOf, tx, unbalancedTies, W1, W2, yearOf } from './legs.js';

const gift = (id: string, amount: string, value: number, wallet = W1): LegSpec => leg(id, 'in', 'gift_in', ETH, amount, value, wallet);
const pay = (id: string, amount: string, value: number, wallet = W1): LegSpec => leg(id, 'out', 'payment_out', ETH, amount, value, wallet);

describe('replayBasis over time: terms, periods, changes', () => {
  it('T3 (a) one year to the day is short, the day after long', () => {
    const history = [
      tx('2023-06-15', gift('L1', '1', 1000)),
      tx('2024-06-15', pay('D1', '0.5', 1000)),
      tx('2024-06-16', pay('D2', '0.5', 1000)),
    ];
    const report = replay(history, { settings: settingsOf('fifo') });
    expect(gainsOf(report)).toEqual([
      ['D1', 'L1', '0.5', 1000, 0, 500, 500, 'short'],
      ['D2', 'L1', '0.5', 1000, 0, 500, 500, 'long'],
    ]);
  });

  it('T3 (b) the leap year: 29 February’s anniversary is 28 February, and 365 days in a leap year are still short', () => {
    expect(holdingTerm(at('2024-02-29'), at('2025-02-28'), 'UTC')).toBe('short');
    expect(holdingTerm(at('2024-02-29'), at('2025-03-01'), 'UTC')).toBe('long');
    expect(holdingTerm(at('2024-01-01'), at('2024-12-31'), 'UTC')).toBe('short');
    expect(holdingTerm(at('2024-01-01'), at('2025-01-02'), 'UTC')).toBe('long');
  });

  it('T3 (c) the job’s time zone decides the day: 02:00 UTC on the 16th is still the 15th in New York', () => {
    expect(holdingTerm(at('2023-06-15T12:00:00Z'), at('2024-06-16T02:00:00Z'), 'America/New_York')).toBe('short');
    expect(holdingTerm(at('2023-06-15T12:00:00Z'), at('2024-06-16T02:00:00Z'), 'UTC')).toBe('long');
  });

  it('a term without the calendar (held 360 days or less, 370 or more) is the calendar’s, in zones as far from UTC as they go', () => {
    const zones = ['UTC', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
    const dayOf = (time: number, zone: string): string =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(time * 1000);
    const anniversary = (day: string): string => {
      const [year, month, date] = day.split('-');
      return `${Number(year) + 1}-${month}-${month === '02' && date === '29' ? '28' : date}`;
    };
    fc.assert(
      fc.property(
        fc.integer({ min: at('2015-01-01'), max: at('2030-01-01') }),
        fc.integer({ min: 300 * 86_400, max: 430 * 86_400 }),
        fc.constantFrom(...zones),
        (acquiredAt, held, zone) => {
          const expected = dayOf(acquiredAt + held, zone) > anniversary(dayOf(acquiredAt, zone)) ? 'long' : 'short';
          expect(holdingTerm(acquiredAt, acquiredAt + held, zone)).toBe(expected);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('T18 Germany, fifo per wallet: the lot held more than a year is long (exempt), the other short (taxable)', () => {
    const history = [
      tx('2023-03-01', gift('L1', '1', 1500)),
      tx('2024-02-01', gift('L2', '1', 2000)),
      tx('2024-03-15', pay('D', '1.5', 4500)),
    ];
    const report = replay(history, { settings: { ...settingsOf('fifo', 'wallet'), profile: 'de' }, timezone: 'Europe/Berlin' });
    expect(gainsOf(report)).toEqual([
      ['D', 'L1', '1', 3000, 0, 1500, 1500, 'long'],
      ['D', 'L2', '0.5', 1500, 0, 1000, 500, 'short'],
    ]);
  });

  it('T25 the period only filters: 2025 replays from 2023, never from empty pools', () => {
    const history = [
      tx('2023-01-01', gift('L0', '1', 500)),
      tx('2024-01-10', gift('L1', '1', 1000)),
      tx('2024-03-01', gift('L2', '1', 2000)),
      tx('2024-06-01', pay('D1', '1.5', 4500)),
      tx('2024-07-01', pay('D2', '0.5', 1000)),
      tx('2025-06-01', pay('D3', '1', 900)),
    ];
    const y2024 = replay(history, { settings: settingsOf('fifo'), period: yearOf(2024) });
    expect(gainsOf(y2024)).toEqual([
      ['D1', 'L0', '1', 3000, 0, 500, 2500, 'long'],
      ['D1', 'L1', '0.5', 1500, 0, 500, 1000, 'short'],
      ['D2', 'L1', '0.5', 1000, 0, 500, 500, 'short'],
    ]);
    expect(openOf(y2024)).toEqual([[null, 'ETH', 'L2', '2024-03-01', '1', 2000]]);
    expect(unbalancedTies(y2024)).toEqual([]);
    const y2025 = replay(history, { settings: settingsOf('fifo'), period: yearOf(2025) });
    expect(gainsOf(y2025)).toEqual([['D3', 'L2', '1', 900, 0, 2000, -1100, 'long']]);
    expect(openOf(y2025)).toEqual([]);
    expect(gainsOf(replay(history.slice(0, 5), { settings: settingsOf('fifo'), period: yearOf(2025) }))).toEqual([]);
  });

  it('a method change: disposals from the change’s day on leave by the new method, the lots unchanged', () => {
    const history = [
      tx('2024-01-01', gift('A', '1', 3000)),
      tx('2024-02-01', gift('B', '1', 1000)),
      tx('2024-03-01', gift('C', '1', 2000)),
      tx('2024-04-01', pay('D1', '1', 2500)),
      tx('2024-08-01', pay('D2', '1', 2500)),
    ];
    const report = replay(history, { settings: settingsOf('lifo', 'universal', [{ from: '2024-07-01', method: 'fifo' }]) });
    expect(gainsOf(report).map((row) => (row as unknown[]).slice(0, 2))).toEqual([
      ['D1', 'C'],
      ['D2', 'A'],
    ]);
    expect([...report.gains].map((row) => row.method)).toEqual(['lifo', 'fifo']);
    expect(openOf(report)).toEqual([[null, 'ETH', 'B', '2024-02-01', '1', 1000]]);
  });

  it('T22 the 2025 allocation: the remaining universal lots go to the wallets holding the coin, never a replay per wallet', () => {
    const history = [
      tx('2024-01-01', gift('La', '1', 1000, W1)),
      tx('2024-02-01', gift('Lb', '1', 3000, W2)),
      tx('2024-06-01', pay('Db', '1', 3500, W2)),
      tx('2025-03-01', pay('Da', '1', 4000, W1)),
    ];
    const settings = settingsOf('fifo', 'universal', [{ from: '2025-01-01', scope: 'wallet' }]);
    const y2024 = replay(history, { settings });
    expect(gainsOf(y2024)).toEqual([['Db', 'La', '1', 3500, 0, 1000, 2500, 'short']]);
    expect(y2024.allocations).toEqual([]);
    expect(openOf(y2024)).toEqual([[null, 'ETH', 'Lb', '2024-02-01', '1', 3000]]);
    const y2025 = replay(history, { settings, period: yearOf(2025) });
    expect(gainsOf(y2025)).toEqual([['Da', 'Lb', '1', 4000, 0, 3000, 1000, 'long']]);
    expect(y2025.allocations.map((row) => [row.at, row.wallet, row.lotId, row.quantity, row.costBasis?.toString()])).toEqual([
      [Date.UTC(2025, 0, 1) / 1000, W1, 'Lb', 10n ** 18n, '3000'],
    ]);
    expect([...y2025.gains][0]?.wallet).toBe(W1);
    expect(unbalancedTies(y2025)).toEqual([]);
  });

  it('the allocation splits a lot between wallets, drops a surplus no wallet holds and names a balance no lot covers', () => {
    const opening = {
      lotId: 'O',
      acquiredAt: at('2023-01-01'),
      quantity: 10n ** 18n,
      cost: new Decimal(100),
      wallet: null,
      chainId: 1,
      asset: 'ETH',
      assetContract: '',
      decimals: 18,
    };
    const history = [
      tx('2024-01-01', gift('L1', '1', 1000, W1)),
      tx('2024-02-01', gift('G', '1', 2000, W2)),
      tx('2024-03-01', pay('P', '0.5', 800, W2)),
    ];
    const settings = settingsOf('fifo', 'universal', [{ from: '2024-06-01', scope: 'wallet' }]);
    const report = replay(history, { settings, openingLots: [opening] });
    expect(report.allocations.map((row) => [row.wallet, row.lotId, formatUnits(row.quantity, 18), row.costBasis?.toString()])).toEqual([
      [W1, 'O', '0.5', '50'],
      [W1, 'L1', '0.5', '500'],
      [W2, 'L1', '0.5', '500'],
    ]);
    expect(report.issues.map((issue) => [issue.entryId, issue.issue, issue.quantity])).toEqual([['G', 'allocation_surplus', 10n ** 18n]]);
    expect(unbalancedTies(report)).toEqual([]);
    const short = replay([tx('2024-01-01', gift('L1', '1', 1000, W1)), tx('2024-03-01', pay('P', '0.5', 800, W2))], { settings });
    expect(short.issues.map((issue) => [issue.entryId, issue.issue, formatUnits(issue.quantity ?? 0n, 18)])).toEqual([
      ['', 'missing_acquisition', '0.5'],
    ]);
  });
});
