import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REVIEW_FILE } from '../../src/outputs/reviewOutput.js';

/**
 * sha256 of every file under an out dir, by relative path. In `manifest.json` only what names
 * the run itself is left out (its time, and the out dir and state file a run was pointed at);
 * every other byte of every file counts. The workspace's own file, `review.csv` (the CLI has no review state),
 * is left out with its manifest parts, so a workspace run compares with the CLI's.
 */
export function runOutput(outDir: string): Record<string, string> {
  const digest: Record<string, string> = {};
  for (const name of (fs.readdirSync(outDir, { recursive: true }) as string[]).sort()) {
    const absolute = path.join(outDir, name);
    if (!fs.statSync(absolute).isFile() || name === REVIEW_FILE) continue;
    let bytes = fs.readFileSync(absolute);
    if (name === 'manifest.json') bytes = Buffer.from(comparableManifest(bytes.toString('utf8')));
    digest[name.split(path.sep).join('/')] = createHash('sha256').update(bytes).digest('hex');
  }
  return digest;
}

export function comparableManifest(text: string): string {
  const manifest = JSON.parse(text) as {
    generatedAt?: string;
    job: { out?: string; state?: string };
    valuation?: Record<string, unknown>;
    counts: Record<string, number>;
    outputs?: Record<string, unknown>;
    files: { path: string }[];
  };
  delete manifest.generatedAt;
  manifest.counts = Object.fromEntries(
    Object.entries(manifest.counts).filter(([key]) => key !== 'rows.review' && !key.startsWith('review.')),
  );
  delete manifest.outputs?.review;
  manifest.files = manifest.files.filter((file) => file.path !== REVIEW_FILE);
  delete manifest.job.out;
  delete manifest.job.state;
  // What valuing cost, not what it found: a warm run asks nothing.
  for (const cost of ['priceCalls', 'expectedPriceCalls', 'cacheHits']) delete manifest.valuation?.[cost];
  return JSON.stringify(manifest);
}
