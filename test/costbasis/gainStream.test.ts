import { describe, expect, it } from '@jest/globals';
import type { GainRow } from '../../src/costbasis/BasisReport.js';
import { GainStream } from '../../src/costbasis/GainStream.js';
import { disposeEvent, UNIT } from './disposeEvent.js';

describe('GainStream', () => {
  it('hands each row on once its disposal and every one that ran before it are answered, none kept', () => {
    const heard: string[] = [];
    const rows = new GainStream([(row: GainRow) => heard.push(`${row.entryId}/${row.lotId ?? ''}`)]);
    // D1 ran before D2 but waits (uk: matched later); D0 goes at once.
    rows.startDisposal(disposeEvent('D0'), 'uk', 0);
    rows.add('L0', 1, 1n, UNIT, 0n, UNIT, null, 0);
    rows.answered(1);
    expect(heard).toEqual(['D0/L0']);
    rows.startDisposal(disposeEvent('D2'), 'uk', 2);
    rows.add('L2', 1, 1n, UNIT, 0n, UNIT, null, 0);
    rows.answered(1);
    expect(heard).toEqual(['D0/L0']);
    rows.startDisposal(disposeEvent('D1'), 'uk', 1);
    rows.add('La', 1, 1n, UNIT, 0n, UNIT, null, 0);
    rows.add('Lb', 1, 2n, UNIT, 0n, null, null, 2);
    rows.answered(3);
    expect(heard).toEqual(['D0/L0', 'D1/La', 'D1/Lb', 'D2/L2']);
    expect(rows.length).toBe(4);
  });

  it('gives every listener each row, its money as Decimals and its gain worked out', () => {
    const gains: string[][] = [[], []];
    const rows = new GainStream(gains.map((list) => (row: GainRow) => void list.push(String(row.gain))));
    rows.startDisposal(disposeEvent('D0'), 'fifo', 0);
    rows.add('L0', 1, 3n, 30n * UNIT, UNIT, 5n * UNIT, 'long', 0);
    rows.answered(Number.POSITIVE_INFINITY);
    expect(gains).toEqual([['24'], ['24']]);
  });
});
