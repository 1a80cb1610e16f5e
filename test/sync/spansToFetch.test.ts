import { describe, expect, it } from '@jest/globals';
import { spansToFetch } from '../../src/sync/spansToFetch.js';
import type { SyncedRange } from '../../src/store/SyncedRange.js';

describe('spansToFetch', () => {
  const range = { fromBlock: 100, toBlock: 200, backfill: null };
  const cases: [string, SyncedRange | null, number, number, [number, number][]][] = [
    ['nothing synced yet', null, 50, 300, [[50, 300]]],
    ['an empty plan', null, 300, 299, []],
    ['inside the range', range, 120, 180, []],
    ['above the range', range, 150, 260, [[201, 260]]],
    ['below the range, filling up to it', range, 10, 150, [[10, 99]]],
    [
      'both sides',
      range,
      10,
      260,
      [
        [10, 99],
        [201, 260],
      ],
    ],
    ['far above: the gap is filled too', range, 500, 600, [[201, 600]]],
    ['far below: the gap is filled too', range, 10, 20, [[10, 99]]],
  ];
  it.each(cases)('%s', (_name, synced, from, to, expected) => {
    expect(spansToFetch(synced, from, to)).toEqual(expected);
  });

  it('resumes a backfill that already starts at or below the start', () => {
    expect(spansToFetch({ ...range, backfill: { fromBlock: 10, toBlock: 40 } }, 20, 150)).toEqual([[41, 99]]);
  });

  it('starts over below a backfill that begins after the start', () => {
    expect(spansToFetch({ ...range, backfill: { fromBlock: 30, toBlock: 40 } }, 20, 150)).toEqual([[20, 99]]);
  });
});
