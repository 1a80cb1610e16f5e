import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The modification time of every file under `dir` whose name ends in `suffix`, by its path relative to `dir` without the suffix. */
function modified(dir, suffix) {
  const files = new Map();
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(suffix)) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file).slice(0, -suffix.length), fs.statSync(file).mtimeMs);
  }
  return files;
}

/**
 * Whether dist/ (`npm run build`; CI's `npm start` makes it before the tests) holds every source file compiled after
 * the last change to any of them: tsc writes every output of a build, so a source edited or added since makes it stale.
 * Then the programs the tests start (`test/support/builtCli.ts`) and the worker threads of the sources (src/startWorker.ts)
 * run it: through tsx, each start loaded every module of a command again (2.9 s of CPU against 1.1 s for serve's and
 * worker's). The tests themselves always run the sources.
 */
function buildIsFresh() {
  const sources = modified(path.join(root, 'src'), '.ts');
  const built = modified(path.join(root, 'dist'), '.js');
  const newestSource = Math.max(...sources.values());
  return [...sources.keys()].every((file) => (built.get(file) ?? -Infinity) >= newestSource);
}

process.env.LEDGERSCAN_FRESH_BUILD = buildIsFresh() ? '1' : '';

/** Jest runs the TypeScript sources as ESM (ky and p-limit are ESM-only). */
export default {
  // The node environment, plus bigint-safe result messages from the worker processes (see the file).
  testEnvironment: '<rootDir>/test/support/jestEnvironment.js',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 120000,
  // Suites spend much of their time in the sandbox and SQLite; two workers keep both cores busy.
  maxWorkers: 2,
};
