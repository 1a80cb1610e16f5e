import type { CliChild } from './runLedgerscan.js';
import { spawnLedgerscan } from './runLedgerscan.js';

export interface StartedProcess {
  process: CliChild;
  /** The first group of the ready line. */
  ready: string;
  /** Everything it wrote to stderr so far (its log). */
  log(): string;
}

/** A `ledgerscan` process that prints `pattern` once ready (`listening on URL`, `worker ID on …`). */
export async function startProcess(args: readonly string[], env: NodeJS.ProcessEnv, pattern: RegExp): Promise<StartedProcess> {
  const started = spawnLedgerscan(args, env);
  let log = '';
  started.child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  const ready = await new Promise<string>((resolve, reject) => {
    let seen = '';
    started.child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const found = pattern.exec(seen);
      if (found?.[1] !== undefined) resolve(found[1]);
    });
    void started.ended.then((end) => reject(new Error(`ledgerscan ${args[0] ?? ''} ended early: ${end.stderr}`)));
  });
  return { process: started, ready, log: () => log };
}

/** `ledgerscan serve …` as a real process, and its URL once it prints `listening on`. */
export async function startServer(args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ server: CliChild; url: string }> {
  const { process, ready } = await startProcess(['serve', '--port', '0', ...args], env, /listening on (http:\/\/\S+)/);
  return { server: process, url: ready };
}

/** A JSON API call with a bearer token; throws with the status and body on a 4xx/5xx. */
export async function api(url: string, token: string, method: string, route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 90_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export type RunView = {
  id: number;
  status: string;
  error: string | null;
  progress: { apiCalls: number };
  summary: Record<string, unknown> | null;
  files: { name: string; sha256: string }[];
};

/** Polls a run until it has made at least `calls` API calls (killing or stopping it then hits it mid-fetch); its JSON. */
export function runUnderWay(url: string, token: string, id: number, calls: number): Promise<RunView> {
  return waitFor(async () => {
    const run = (await api(url, token, 'GET', `/api/runs/${id}`)) as RunView;
    return run.progress.apiCalls >= calls ? run : undefined;
  }, 'the run to be under way');
}

/** Polls a run until it has finished; its JSON. */
export function finishedRun(url: string, token: string, id: number, timeoutMs?: number): Promise<RunView> {
  return waitFor(
    async () => {
      const run = (await api(url, token, 'GET', `/api/runs/${id}`)) as RunView;
      return ['succeeded', 'differences', 'failed', 'stopped'].includes(run.status) ? run : undefined;
    },
    `run ${id} to finish`,
    timeoutMs,
  );
}
