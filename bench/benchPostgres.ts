import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const clusterScript = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.ci', 'postgres');

/**
 * The server in `LEDGERSCAN_PG_URL`, which outlives the bench (`kept`), else a throwaway cluster (`.ci/postgres`)
 * stopped and removed by `stop`. Its folder sits in the temp dir itself, not in the bench's own (0700) folder:
 * as root the cluster runs as the postgres user, who must reach it.
 */
export function benchPostgresServer(): { url: string; kept: boolean; stop(): void } {
  const given = process.env.LEDGERSCAN_PG_URL;
  if (given) return { url: given, kept: true, stop: () => undefined };
  const cluster = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-bench-pg-'));
  try {
    const url = execFileSync(clusterScript, ['start', cluster], { encoding: 'utf8' }).trim();
    return {
      url,
      kept: false,
      stop: () => {
        execFileSync(clusterScript, ['stop', cluster]);
        fs.rmSync(cluster, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(cluster, { recursive: true, force: true });
    throw error;
  }
}

export async function adminQuery<T extends pg.QueryResultRow>(url: string, statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(statement)).rows;
  } finally {
    await client.end();
  }
}

/** A fresh database named after `name` on `server` (dropped first if a killed bench left it); its URL. */
export async function createBenchDatabase(server: string, name: string): Promise<string> {
  const database = `ledgerscan_bench_${name.replace(/\W/g, '_')}`;
  await adminQuery(server, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await adminQuery(server, `CREATE DATABASE ${database}`);
  const url = new URL(server);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function dropBenchDatabase(url: string): Promise<void> {
  const database = new URL(url).pathname.slice(1);
  const server = new URL(url);
  server.pathname = '/postgres';
  await adminQuery(server.toString(), `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}
