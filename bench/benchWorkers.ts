import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli', 'main.js');

/**
 * `count` `ledgerscan worker` processes (the built CLI) on `database`, each ready (its start line seen) on return.
 * `nice`: the workers' `--nice` (absent: their default); `nodeFlags`: Node's own, before the CLI (`--cpu-prof`).
 */
export async function startWorkers(
  count: number,
  setup: {
    database: string;
    files: string;
    baseUrl: string;
    keys: readonly string[];
    rate: number;
    dailyQuota?: number;
    nice?: number;
    nodeFlags?: readonly string[];
  },
): Promise<ChildProcess[]> {
  const quota = setup.dailyQuota === undefined ? '' : `:${setup.dailyQuota}`;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ETHERSCAN_API_KEYS: setup.keys.map((key, index) => `key${index + 1}:${key}:${setup.rate}${quota}`).join(','),
  };
  const children: ChildProcess[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const child = spawn(
        process.execPath,
        [
          ...(setup.nodeFlags ?? []),
          cli,
          'worker',
          '--database',
          setup.database,
          '--files',
          setup.files,
          '--base-url',
          setup.baseUrl,
          '--no-scheduler',
          ...(setup.nice === undefined ? [] : ['--nice', String(setup.nice)]),
        ],
        { env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      children.push(child);
      // Piped, not inherited, so that the bench can read the runs' lines too (`watchWorkerLogs`).
      child.stderr?.pipe(process.stderr, { end: false });
      await waitForLine(child, /^worker \S+ on /m);
    }
    return children;
  } catch (error) {
    await stopWorkers(children);
    throw error;
  }
}

/** SIGTERM to every worker, then waits for each to exit. */
export async function stopWorkers(children: readonly ChildProcess[]): Promise<void> {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => (child.exitCode === null && child.signalCode === null ? once(child, 'exit') : undefined)));
}

async function waitForLine(child: ChildProcess, pattern: RegExp): Promise<void> {
  let seen = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (pattern.test(seen)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`a worker exited (${String(code)}) before it was ready`)));
  });
}
