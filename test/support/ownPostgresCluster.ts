import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from '@jest/globals';
import { packageRoot } from '../../src/packageRoot.js';

/** `.ci/postgres`: start, stop and restart a throwaway cluster. */
export const POSTGRES_SCRIPT = path.join(packageRoot(), '.ci', 'postgres');

export interface OwnCluster {
  /** The cluster's folder (what `.ci/postgres stop|restart` take). */
  dir(): string;
  url(): string;
}

/**
 * A PostgreSQL cluster of the calling describe block's own, for tests that stop or restart it under running
 * processes (the shared server serves other test files meanwhile): started before its tests, removed after,
 * whether or not a test left it stopped.
 */
export function ownPostgresCluster(name: string): OwnCluster {
  let dir = '';
  let url = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `ledgerscan-pg-${name}-`));
    url = execFileSync(POSTGRES_SCRIPT, ['start', dir], { encoding: 'utf8' }).trim();
  });
  afterAll(() => {
    try {
      execFileSync(POSTGRES_SCRIPT, ['stop', dir], { stdio: 'pipe' });
    } catch {
      // a test left it stopped
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { dir: () => dir, url: () => url };
}
