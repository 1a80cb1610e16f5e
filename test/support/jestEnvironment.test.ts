import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('jest workers and errors JSON cannot write', () => {
  it('report every failure by name and message instead of dying on the message to the parent', () => {
    // A fresh cache has no timings, so jest runs the two files on worker processes, as in `npm test`.
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-jest-cache-'));
    try {
      const run = spawnSync(
        process.execPath,
        [
          '--experimental-vm-modules',
          '--no-warnings=ExperimentalWarning',
          path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
          '--rootDir',
          ROOT,
          '--testMatch',
          '<rootDir>/test/support/workerFixtures/*.fixture.ts',
          '--cacheDirectory',
          cache,
          '--maxWorkers',
          '2',
          '--ci',
        ],
        { cwd: ROOT, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } },
      );
      const output = `${run.stdout}${run.stderr}`;
      expect(run.status).toBe(1);
      expect(output).not.toMatch(/Converting circular structure to JSON|Do not know how to serialize a BigInt|Test suite failed to run/);
      for (const name of [
        'throws an error that refers to itself',
        'compares a value that contains itself',
        'a hook that throws such an error › reports the hook error',
        'compares bigints that differ',
      ]) {
        expect(output).toContain(`● ${name}`);
      }
      expect(output).toContain('circular boom');
      expect(output).toContain('hook boom');
      expect(output).toMatch(/Tests: +4 failed, 1 passed, 5 total/);
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });
});
