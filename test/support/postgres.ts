import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describeUnlessLacking } from './outsideProgram.js';

/**
 * `describe` for tests that need a PostgreSQL server, given by `LEDGERSCAN_PG_URL` (.ci/run starts a
 * throwaway cluster and sets it; `.ci/postgres start DIR` does the same by hand). Without it they skip with
 * one line outside CI and fail in CI.
 */
export function describeWithPostgres(title: string, body: (url: string) => void): void {
  const url = process.env.LEDGERSCAN_PG_URL;
  const lack = url
    ? null
    : { needs: 'a PostgreSQL server in LEDGERSCAN_PG_URL', install: 'apt-get install postgresql, then .ci/postgres start DIR' };
  describeUnlessLacking(title, lack, () => body(url ?? ''));
}

/** A new, empty database on the server of `url`, so a test sees no other test's schema; its URL. */
export async function createDatabase(url: string): Promise<string> {
  const name = `ledgerscan_test_${randomUUID().replaceAll('-', '')}`;
  await admin(url, `CREATE DATABASE ${name}`);
  const created = new URL(url);
  created.pathname = `/${name}`;
  return created.toString();
}

/** Drops a database `createDatabase` made, closing whatever connections a test left open. */
export async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await admin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** Runs statements on the database of `url`, returning the last one's rows. */
export async function queryDatabase(url: string, ...statements: string[]): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let rows: Record<string, unknown>[] = [];
    for (const statement of statements) rows = (await client.query<Record<string, unknown>>(statement)).rows;
    return rows;
  } finally {
    await client.end();
  }
}

async function admin(url: string, statement: string): Promise<void> {
  const postgres = new URL(url);
  postgres.pathname = '/postgres';
  await queryDatabase(postgres.toString(), statement);
}
