import type { KeyChoice } from './WorkspaceData.js';

/** What the picker knows of a key: its runs going now, its calls made today, its runs started today. */
export interface KeyLoad {
  running: ReadonlyMap<string, number>;
  usedToday: ReadonlyMap<string, number>;
  pickedToday: ReadonlyMap<string, number>;
}

/**
 * The key for the next run: among the keys with calls left today, the one with the fewest running runs per call per
 * second; on a tie, the one given the fewest runs today per call per second, then the first in `keys`; null when none
 * has calls left. A key's runs end as soon as its quota is spent, so counting runs alone kept handing runs to a spent
 * key; and where runs end before the next is picked (short books, every count 0) the first key won every tie, 2:1.
 */
export function pickKey(keys: readonly KeyChoice[], load: KeyLoad): string | null {
  if (keys.length === 0) throw new Error('assignApiKey needs at least one key');
  const open = keys.filter((key) => key.dailyQuota === undefined || (load.usedToday.get(key.name) ?? 0) < key.dailyQuota);
  const going = (key: KeyChoice): number => (load.running.get(key.name) ?? 0) / key.rate;
  const given = (key: KeyChoice): number => (load.pickedToday.get(key.name) ?? 0) / key.rate;
  const lighter = (key: KeyChoice, best: KeyChoice): boolean =>
    going(key) < going(best) || (going(key) === going(best) && given(key) < given(best));
  return open.reduce<KeyChoice | null>((best, key) => (best === null || lighter(key, best) ? key : best), null)?.name ?? null;
}
