import { existsSync, readFileSync } from 'node:fs';
import { InputError } from '../errors/LedgerscanError.js';
import { AtomicFile } from './AtomicFile.js';

/**
 * The placeholder names (`NFT1`, `NULL1`, …) a template handed out, kept next to its CSV so the next run
 * gives every asset the same name again.
 */
export function loadPlaceholders(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { names?: unknown };
    const names = json.names;
    if (typeof names !== 'object' || names === null || Object.values(names).some((v) => typeof v !== 'string'))
      throw new Error('"names" must map keys to strings');
    return names as Record<string, string>;
  } catch (cause) {
    throw new InputError('placeholder mapping file is damaged', {
      details: { file, fix: 'restore it from the previous run; deleting it renumbers the placeholders' },
      cause,
    });
  }
}

export async function savePlaceholders(file: string, names: Readonly<Record<string, string>>): Promise<void> {
  const sorted = Object.fromEntries(Object.entries(names).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const out = new AtomicFile(file);
  try {
    await out.write(`${JSON.stringify({ version: 1, names: sorted }, null, 2)}\n`);
    await out.commit();
  } catch (error) {
    await out.abort();
    throw error;
  }
}
