import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * sha256 of every file a run left in its out dir, hidden temp files included (a crash must not leave
 * any behind once a rerun completed). The manifest is hashed without its `generatedAt` line and what valuing
 * cost (price calls made and expected, cache hits: a warm run asks nothing), the things two runs of one job may
 * write differently.
 */
export function outputDigest(outDir: string): Record<string, string> {
  const digest: Record<string, string> = {};
  for (const name of fs.readdirSync(outDir).sort()) {
    let bytes = fs.readFileSync(path.join(outDir, name));
    if (name === 'manifest.json')
      bytes = Buffer.from(
        bytes
          .toString('utf8')
          .replace(/^\s*"generatedAt": ".*",\n/m, '')
          .replace(/^\s*"(priceCalls|expectedPriceCalls|cacheHits)": \d+,\n/gm, ''),
      );
    digest[name] = createHash('sha256').update(bytes).digest('hex');
  }
  return digest;
}
