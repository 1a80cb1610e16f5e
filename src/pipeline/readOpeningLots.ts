import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Job } from '../config/Job.js';
import type { OpeningLot } from '../costbasis/Lot.js';
import { parseOpeningLots } from '../costbasis/parseOpeningLots.js';
import { InputError } from '../errors/LedgerscanError.js';

/**
 * The job's opening lots (`costBasis.openingLots`, `--opening-lots`), read and checked against the job: none without
 * cost basis or the file. The CLI reads them when the job is loaded, so that a bad line is refused (exit 2) before
 * the first request; the replay reads them again where it starts its pools.
 */
export function readOpeningLots(job: Pick<Job, 'costBasis' | 'wallets' | 'chains' | 'timezone'>): OpeningLot[] {
  const file = job.costBasis?.openingLots;
  if (job.costBasis === undefined || file === undefined) return [];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (cause) {
    throw new InputError(`opening lots file ${file} cannot be read`, {
      cause,
      details: { fix: 'check costBasis.openingLots / --opening-lots' },
    });
  }
  return parseOpeningLots(text, path.basename(file), {
    scope: job.costBasis.scope,
    wallets: job.wallets.map((wallet) => wallet.address),
    chains: job.chains,
    timezone: job.timezone,
  });
}
