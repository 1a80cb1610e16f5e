import { statSync } from 'node:fs';
import path from 'node:path';
import type { Job } from '../config/Job.js';
import { AtomicFile } from './AtomicFile.js';
import { sha256File } from './sha256File.js';

export interface ManifestInput {
  toolVersion: string;
  job: Job;
  /** Block range actually covered, per chain id; `upToHead` when the period ends after the chain's head (not over yet). */
  blockRanges: Readonly<Record<number, { fromBlock: number; toBlock: number; upToHead?: true }>>;
  /** Chains the API plan did not serve, with its reason: absent from the files, and the reader must know why. */
  skippedChains?: readonly { chainId: number; reason: string }[];
  /** How each chain's fees were computed (`feeRule`), so a reader knows which figures rest on an unchecked model. */
  feeRules?: Readonly<Record<number, string>>;
  /** Free-form counts (entries, rows per template, spam rows, …). */
  counts: Readonly<Record<string, number>>;
  /** Files written by this run, relative to `outDir` or absolute inside it. */
  files: readonly string[];
  /** Further named sections (counterparty labels, rules applied), written as they are. */
  sections?: Readonly<Record<string, unknown>>;
  /** ISO time of the run; passed in so the core stays deterministic. */
  generatedAt: string;
}

export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

/** `manifest.json` as written (and so as every reader, the workspace's pages among them, finds it). */
export interface Manifest {
  tool: { name: 'ledgerscan'; version: string };
  generatedAt: string;
  /** The job without its API key and valuation settings. */
  job: Omit<Job, 'api' | 'valuation'> & { api: Omit<Job['api'], 'apiKey'> };
  period: { from: string; to: string; timezone: string };
  /** Per chain id (a JSON key, so a string). */
  blockRanges: Readonly<Record<string, { fromBlock: number; toBlock: number }>>;
  skippedChains: readonly { chainId: number; reason: string }[];
  fees: { source: Job['fees']; rules: Readonly<Record<number, string>> };
  counts: Readonly<Record<string, number>>;
  files: ManifestFile[];
  /** The named sections of `ManifestInput.sections`. */
  [section: string]: unknown;
}

/**
 * Writes `manifest.json` so an accountant can tell which run, job and block ranges a CSV came from and
 * check it was not edited. The API key is never part of it.
 */
export async function writeManifest(outDir: string, input: ManifestInput): Promise<string> {
  const files: ManifestFile[] = [];
  for (const file of input.files) {
    const absolute = path.resolve(outDir, file);
    const { size } = statSync(absolute);
    files.push({ path: path.relative(outDir, absolute).split(path.sep).join('/'), bytes: size, sha256: await sha256File(absolute) });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const manifest: Manifest = {
    tool: { name: 'ledgerscan', version: input.toolVersion },
    generatedAt: input.generatedAt,
    job: recordedJob(input.job),
    period: { from: input.job.period.from, to: input.job.period.to, timezone: input.job.timezone },
    blockRanges: input.blockRanges,
    skippedChains: input.skippedChains ?? [],
    fees: { source: input.job.fees, rules: input.feeRules ?? {} },
    counts: input.counts,
    ...input.sections,
    files,
  };
  const target = path.join(outDir, 'manifest.json');
  const file = new AtomicFile(target);
  try {
    await file.write(`${JSON.stringify(manifest, null, 2)}\n`);
    await file.commit();
  } catch (error) {
    await file.abort();
    throw error;
  }
  return target;
}

/**
 * The job as the manifest records it: never a key (the API's, CoinGecko's), so not the API key and not the
 * valuation settings, whose sources and currency valuation records on its own. Keys keep their order (`api` in its
 * place), so the manifest stays byte for byte what it was.
 */
function recordedJob(job: Job): Manifest['job'] {
  const kept = Object.entries(job).flatMap(([key, value]): [string, unknown][] => {
    if (key === 'valuation') return [];
    return [[key, key === 'api' ? { baseUrl: job.api.baseUrl, rate: job.api.rate, dailyQuota: job.api.dailyQuota } : value]];
  });
  return Object.fromEntries(kept) as Manifest['job'];
}
