import type { ChildProcess } from 'node:child_process';
import { adminQuery } from './benchPostgres.js';
import { processCpuSeconds } from './nightCosts.js';
import type { SandboxProcess } from './startSandboxProcess.js';

/** A run's start (its worker took it and gave it a key) or end, from a worker's log line, at the line's own time. */
interface RunEvent {
  worker: number;
  runId: number;
  kind: 'start' | 'end';
  at: number;
}

const STARTED = /^(\S+) run (\d+) \(.* on key /;
const ENDED = /^(\S+) run (\d+): \w+$/;

/**
 * Each run's start and end, by worker, from the workers' log lines (stderr, which `ledgerscan worker` stamps with
 * each line's time), for `nightTrace`.
 */
export function watchWorkerLogs(children: readonly ChildProcess[]): { events: RunEvent[] } {
  const events: RunEvent[] = [];
  children.forEach((child, worker) => {
    let rest = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const started = STARTED.exec(line);
        const ended = started === null ? ENDED.exec(line) : null;
        const match = started ?? ended;
        if (match !== null)
          events.push({ worker, runId: Number(match[2]), kind: started === null ? 'end' : 'start', at: Date.parse(match[1]!) });
      }
    });
  });
  return { events };
}

/** The sandbox's count of requests every `everyMs`, from now until `stop`: the calls' pace over the night. */
export function watchCalls(sandbox: SandboxProcess, everyMs = 250): { stop(): Promise<Array<{ at: number; requests: number }>> } {
  const samples: Array<{ at: number; requests: number }> = [];
  let stopped = false;
  const sampling = (async () => {
    while (!stopped) {
      samples.push({ at: Date.now(), requests: (await sandbox.stats()).requests });
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await sampling;
      return samples;
    },
  };
}

const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

/**
 * Where a night's wall went: runs in flight on average (Σ run seconds ÷ wall), each run's seconds start to end and its
 * calls a second, a worker's gaps with no run going (the claims), the first start after the queue,
 * what came after the last run started (the tail), and how busy the keys were: the share of the night's quarter-
 * seconds whose calls reached 90 % of Σ rates, and the share of the calls made in each tenth of the wall.
 */
export function nightTrace(
  night: { startedAt: number; endedAt: number; keyRates: number; workers: number },
  events: readonly RunEvent[],
  samples: ReadonlyArray<{ at: number; requests: number }>,
  callsOf: ReadonlyMap<number, number>,
): Record<string, unknown> {
  const mine = events.filter((event) => event.at >= night.startedAt - 1000 && event.at <= night.endedAt + 1000);
  const starts = new Map(mine.filter((event) => event.kind === 'start').map((event) => [event.runId, event]));
  const runs = mine
    .filter((event) => event.kind === 'end' && starts.has(event.runId))
    .map((end) => ({ worker: end.worker, start: starts.get(end.runId)!.at, end: end.at, calls: callsOf.get(end.runId) ?? 0 }));
  const wall = (night.endedAt - night.startedAt) / 1000;
  // A worker's gaps: from the moment it has no run going to its next start (the claim's round trips and poll).
  const gaps: number[] = [];
  for (let worker = 0; worker < night.workers; worker += 1) {
    const own = runs.filter((run) => run.worker === worker);
    const edges = [...own.map((run) => ({ at: run.start, step: 1 })), ...own.map((run) => ({ at: run.end, step: -1 }))].sort(
      (a, b) => a.at - b.at || a.step - b.step,
    );
    let going = 0;
    let emptySince: number | undefined;
    for (const edge of edges) {
      if (edge.step > 0 && going === 0 && emptySince !== undefined) gaps.push(edge.at - emptySince);
      going += edge.step;
      if (going === 0) emptySince = edge.at;
    }
  }
  const seconds = runs.map((run) => (run.end - run.start) / 1000);
  const pace = runs.filter((run) => run.end > run.start).map((run) => run.calls / ((run.end - run.start) / 1000));
  const lastStart = Math.max(...runs.map((run) => run.start));
  const total = (samples.at(-1)?.requests ?? 0) - (samples[0]?.requests ?? 0);
  let busy = 0;
  const tenths = Array.from({ length: 10 }, () => 0);
  for (let index = 1; index < samples.length; index += 1) {
    const [before, after] = [samples[index - 1]!, samples[index]!];
    const calls = after.requests - before.requests;
    if (calls / ((after.at - before.at) / 1000) >= 0.9 * night.keyRates) busy += 1;
    const tenth = Math.min(9, Math.floor(((after.at - night.startedAt) / 1000 / wall) * 10));
    tenths[Math.max(0, tenth)]! += calls;
  }
  const round = (value: number, places = 2): number => Math.round(value * 10 ** places) / 10 ** places;
  return {
    runsTraced: runs.length,
    runsInFlightMean: round(seconds.reduce((sum, value) => sum + value, 0) / wall),
    runSeconds: { p50: round(quantile(seconds, 0.5)), p95: round(quantile(seconds, 0.95)), max: round(Math.max(...seconds)) },
    runCallsPerSecond: { p50: round(quantile(pace, 0.5), 1), p95: round(quantile(pace, 0.95), 1) },
    gapBetweenRunsMs: {
      p50: Math.round(quantile(gaps, 0.5)),
      p95: Math.round(quantile(gaps, 0.95)),
      sum: Math.round(gaps.reduce((a, b) => a + b, 0)),
    },
    firstStartSeconds: round((Math.min(...runs.map((run) => run.start)) - night.startedAt) / 1000),
    tailSeconds: round((night.endedAt - lastStart) / 1000),
    keysBusyShare: round(busy / Math.max(1, samples.length - 1)),
    callsShareByTenth: tenths.map((calls) => round(calls / Math.max(1, total))),
  };
}

/** A night's statements on a database: how many, and the most frequent texts (`pg_stat_statements`' normalised ones). */
export interface NightStatements {
  total: number;
  top: { calls: number; query: string }[];
}

/**
 * The statements `database` ran, by text, as `pg_stat_statements` counts them (the server's readers included); null
 * where the cluster does not load it (`shared_preload_libraries`), as a cluster of `.ci/postgres` does not unless told.
 */
async function statementCounts(database: string): Promise<Map<string, number> | null> {
  const server = new URL(database);
  const name = server.pathname.slice(1);
  server.pathname = '/postgres';
  try {
    await adminQuery(server.toString(), 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const rows = await adminQuery<{ query: string; calls: string }>(
      server.toString(),
      `SELECT query, calls::text AS calls FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = '${name}'`,
    );
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.query, (counts.get(row.query) ?? 0) + Number(row.calls));
    return counts;
  } catch {
    return null;
  }
}

/** What ran between two `statementCounts`: the total and the 25 most frequent texts (each cut to 160 characters). */
function statementsBetween(before: Map<string, number> | null, after: Map<string, number> | null): NightStatements | null {
  if (before === null || after === null) return null;
  const ran = [...after].map(([query, calls]) => ({
    calls: calls - (before.get(query) ?? 0),
    query: query.replace(/\s+/g, ' ').slice(0, 160),
  }));
  const top = ran.filter((row) => row.calls > 0).sort((a, b) => b.calls - a.calls);
  return { total: top.reduce((sum, row) => sum + row.calls, 0), top: top.slice(0, 25) };
}

/**
 * The CPU seconds PostgreSQL's backends of `database` spend from now until `stop` (each one's /proc figure, read every
 * second: a backend that ends between two reads loses under a second of its count), the transactions committed
 * or rolled back there (a statement outside a transaction is one), and its statements where the cluster counts them.
 */
export function watchBackends(database: string): {
  stop(): Promise<{ cpuSeconds: number; transactions: number; statements: NightStatements | null }>;
} {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const transactions = async (): Promise<number> =>
    Number(
      (
        await adminQuery<{ n: string }>(
          database,
          'SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = current_database()',
        )
      )[0]?.n ?? 0,
    );
  // Backends there at the start count from their figure then; those that start later from 0.
  const read = async (initial = false): Promise<void> => {
    const rows = await adminQuery<{ pid: number }>(database, 'SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
    for (const { pid } of rows) {
      const seconds = processCpuSeconds(pid);
      if (initial) first.set(pid, seconds);
      last.set(pid, seconds);
    }
  };
  const started = transactions();
  const counted = statementCounts(database);
  let reading = read(true);
  const timer = setInterval(
    () =>
      void (reading = reading.then(
        () => read(),
        () => undefined,
      )),
    1000,
  );
  return {
    stop: async () => {
      clearInterval(timer);
      await reading.then(
        () => read(),
        () => undefined,
      );
      // pg_stat_database is written by each backend at most every second or so: wait for the night's last counts.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      let cpuSeconds = 0;
      for (const [pid, seconds] of last) cpuSeconds += seconds - (first.get(pid) ?? 0);
      const statements = statementsBetween(await counted, await statementCounts(database));
      return { cpuSeconds, transactions: (await transactions()) - (await started), statements };
    },
  };
}
