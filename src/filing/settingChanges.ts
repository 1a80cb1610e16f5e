import { isPlainObject } from '../config/isPlainObject.js';

/** One job setting that differs between the filed run and today: its path (`spam.deny`) and both values as JSON. */
export interface SettingChange {
  path: string;
  filed: string;
  now: string;
}

/**
 * The settings that differ between the filed job and today's, down to the leaf that changed (`spam.deny`, not
 * `spam`), so a diff can say what the accountant changed. `ignored` top-level keys decide no figure.
 */
export function settingChanges(
  filed: Record<string, unknown>,
  now: Record<string, unknown>,
  ignored: ReadonlySet<string>,
): SettingChange[] {
  const changes: SettingChange[] = [];
  const walk = (path: string, before: unknown, after: unknown): void => {
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    if (isPlainObject(before) && isPlainObject(after)) {
      for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort())
        walk(`${path}.${key}`, before[key], after[key]);
      return;
    }
    changes.push({ path, filed: JSON.stringify(before) ?? '(none)', now: JSON.stringify(after) ?? '(none)' });
  };
  for (const key of [...new Set([...Object.keys(filed), ...Object.keys(now)])].sort()) {
    if (!ignored.has(key)) walk(key, filed[key], now[key]);
  }
  return changes;
}

/** `spam.deny: [] → ["0xa0b8…"]`, the words a diff's reason uses. */
export function describeSettingChange(change: SettingChange): string {
  return `${change.path}: ${change.filed} → ${change.now}`;
}
