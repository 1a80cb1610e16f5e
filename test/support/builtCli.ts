import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * How `node` starts ledgerscan as a program: the build, as a user runs it, when jest.config.js found it fresh
 * (`LEDGERSCAN_FRESH_BUILD`), else the sources through tsx, whose loader costs every start seconds on a busy machine.
 */
export const CLI_ARGS: readonly string[] =
  process.env.LEDGERSCAN_FRESH_BUILD === '1'
    ? [path.join(ROOT, 'dist', 'cli', 'main.js')]
    : ['--import', 'tsx', path.join(ROOT, 'src', 'cli', 'main.ts')];
