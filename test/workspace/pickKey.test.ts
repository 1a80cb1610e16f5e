import { describe, expect, it } from '@jest/globals';
import { pickKey } from '../../src/workspace/pickKey.js';

const load = (running: Record<string, number>, usedToday: Record<string, number>, pickedToday: Record<string, number>) => ({
  running: new Map(Object.entries(running)),
  usedToday: new Map(Object.entries(usedToday)),
  pickedToday: new Map(Object.entries(pickedToday)),
});
const two = [
  { name: 'k1', rate: 10 },
  { name: 'k2', rate: 10 },
];

describe('pickKey', () => {
  it('gives the run to the key with the fewest runs going per call per second', () => {
    expect(pickKey(two, load({ k1: 2, k2: 1 }, {}, {}))).toBe('k2');
    expect(pickKey([{ name: 'k1', rate: 30 }, two[1]!], load({ k1: 2, k2: 1 }, {}, { k2: 0, k1: 9 }))).toBe('k1');
  });

  it('splits ties evenly: short runs that end before the next is picked alternate between the keys, not 2:1 to the first', () => {
    const picked: Record<string, number> = {};
    for (let run = 0; run < 30; run += 1) {
      const key = pickKey(two, load({}, {}, picked))!;
      picked[key] = (picked[key] ?? 0) + 1;
    }
    expect(picked).toEqual({ k1: 15, k2: 15 });
    // By rate: a key twice as fast is given twice the runs.
    const fast = [{ name: 'k1', rate: 20 }, two[1]!];
    const byRate: Record<string, number> = {};
    for (let run = 0; run < 30; run += 1) {
      const key = pickKey(fast, load({}, {}, byRate))!;
      byRate[key] = (byRate[key] ?? 0) + 1;
    }
    expect(byRate).toEqual({ k1: 20, k2: 10 });
  });

  it('skips a key whose daily quota is spent, and gives none when every key has spent its own', () => {
    const quotas = [
      { name: 'k1', rate: 10, dailyQuota: 100 },
      { name: 'k2', rate: 10, dailyQuota: 50 },
    ];
    expect(pickKey(quotas, load({ k2: 0, k1: 5 }, { k1: 100, k2: 10 }, {}))).toBe('k2');
    expect(pickKey(quotas, load({}, { k1: 100, k2: 50 }, {}))).toBeNull();
  });
});
