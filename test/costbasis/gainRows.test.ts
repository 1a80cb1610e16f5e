import { describe, expect, it } from '@jest/globals';
import { GainRows } from '../../src/costbasis/GainRows.js';
import { disposeEvent, UNIT } from './disposeEvent.js';

describe('GainRows', () => {
  it('gives back each row as it was added, its gain worked out and its own flag after its disposal’s', () => {
    const rows = new GainRows();
    rows.startDisposal(disposeEvent('D1', ['valued_by_sent_leg']), 'fifo', 0);
    rows.add('L1', 1_600_000_000, 2n, 20n * UNIT, UNIT, 5n * UNIT, 'long', 0);
    rows.add(null, null, 1n, 10n * UNIT, 0n, null, null, 1);
    expect(rows.length).toBe(2);
    const [first, second] = [...rows];
    expect(first).toMatchObject({ entryId: 'D1', lotId: 'L1', txHash: '0xD1', acquiredAt: 1_600_000_000, soldAt: 1_700_000_000 });
    expect([first?.proceeds?.toString(), first?.sellingCosts?.toString(), first?.costBasis?.toString(), first?.gain?.toString()]).toEqual([
      '20',
      '1',
      '5',
      '14',
    ]);
    expect([first?.term, first?.flags, first?.method, first?.kind]).toEqual(['long', ['valued_by_sent_leg'], 'fifo', 'trade']);
    expect([second?.lotId, second?.acquiredAt, second?.costBasis, second?.gain, second?.term]).toEqual([null, null, null, null, null]);
    expect(second?.flags).toEqual(['valued_by_sent_leg', 'missing_acquisition']);
  });

  it('puts the rows of a disposal answered late (uk) back in the order the disposals ran, each one’s rows together', () => {
    const rows = new GainRows();
    rows.startDisposal(disposeEvent('D0'), 'uk', 0);
    rows.add('L0', 1, 1n, UNIT, 0n, UNIT, null, 0);
    rows.startDisposal(disposeEvent('D2'), 'uk', 2);
    rows.add('L2', 1, 1n, UNIT, 0n, UNIT, null, 0);
    rows.startDisposal(disposeEvent('D1'), 'uk', 1);
    rows.add('La', 1, 1n, UNIT, 0n, UNIT, null, 0);
    rows.add('Lb', 1, 2n, UNIT, 0n, null, null, 2);
    for (let index = 0; index < 2000; index += 1) {
      rows.startDisposal(disposeEvent(`E${index}`), 'uk', 3 + index);
      rows.add(`M${index}`, 1, 1n, UNIT, 0n, UNIT, null, 0);
    }
    rows.finish();
    const read = [...rows];
    expect(read.slice(0, 5).map((row) => [row.entryId, row.lotId, row.quantity, row.flags])).toEqual([
      ['D0', 'L0', 1n, []],
      ['D1', 'La', 1n, []],
      ['D1', 'Lb', 2n, ['missing_basis']],
      ['D2', 'L2', 1n, []],
      ['E0', 'M0', 1n, []],
    ]);
    expect(read.at(-1)?.lotId).toBe('M1999');
    expect(rows.length).toBe(2004);
  });
});
