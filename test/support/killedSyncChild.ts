import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SYNC_CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'syncChild.ts');

/**
 * Runs `syncChild.ts` (the sandbox at `url` into `state`, an SQLite file or a PostgreSQL URL) and kills it with
 * SIGKILL once it has committed `pages` pages; resolves with the signal it ended by.
 */
export function syncKilledAfter(
  pages: number,
  target: {
    url: string;
    apiKey: string;
    state: string;
    wallets: readonly { address: string; chains: readonly number[] | null }[];
    period: { startTime: number; endTime: number };
  },
): Promise<NodeJS.Signals | null> {
  const { url, apiKey, state, wallets, period } = target;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', SYNC_CHILD, url, apiKey, state, JSON.stringify(wallets), JSON.stringify(period)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let committed = 0;
  const exit = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  child.stdout.on('data', (chunk: Buffer) => {
    committed += chunk.toString().split('\n').length - 1;
    if (committed >= pages) child.kill('SIGKILL');
  });
  return exit;
}
