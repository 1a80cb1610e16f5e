import type pg from 'pg';
import { migrationSteps } from '../migrationSteps.js';

/** The channel `notify_run_change` announces a changed run on; the payload is its id. */
export const RUN_CHANGES_CHANNEL = 'run_changes';

/** The channel `notify_account_change` announces that sessions, tokens or users changed on (no payload). */
export const ACCOUNT_CHANGES_CHANNEL = 'account_changes';

/** The schema every table lives in; connections set it as their search path. */
export const SCHEMA = 'ledgerscan';

export interface MigrationReport {
  /** The version found; above the number of steps nothing was run. */
  from: number;
  to: number;
  /** Stored records before the upgrade, for the line that says it may take a while. */
  records: number;
}

const LOCK = "SELECT pg_advisory_xact_lock(hashtext('ledgerscan schema migration'))";

/**
 * Runs the steps of `migrations/postgres/` the database has not run yet, each in its own transaction with its version
 * row (`schema_migrations`). One schema holds every book and the workspace: the book id leads every store key. A
 * transaction-scoped advisory lock makes processes that open the database at once wait for the first one's
 * upgrade instead of running it twice.
 */
export async function migratePostgres(client: pg.ClientBase): Promise<MigrationReport> {
  const steps = migrationSteps('postgres');
  const settled = await settledVersion(client, steps.length);
  if (settled !== null) return { from: settled, to: settled, records: 0 };
  // Under the lock too: two processes creating the schema at once collide even with IF NOT EXISTS (on pg_type).
  await client.query('BEGIN');
  try {
    await client.query(LOCK);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${SCHEMA}.schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  let report: MigrationReport | null = null;
  for (;;) {
    await client.query('BEGIN');
    try {
      await client.query(LOCK);
      const current = await version(client);
      report ??= {
        from: current,
        to: current,
        records: current > 0 && current < steps.length ? await recordCount(client) : 0,
      };
      report.to = current;
      if (current >= steps.length) {
        await client.query('COMMIT');
        return report;
      }
      await client.query(`SET LOCAL search_path = ${SCHEMA}`);
      await client.query(steps[current] as string);
      await client.query(`INSERT INTO ${SCHEMA}.schema_migrations (version) VALUES ($1)`, [current + 1]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  }
}

/**
 * The schema's version when it has every step (or more: the caller refuses a newer schema), read without the lock:
 * a schema never loses a step, so that needs nothing else. Every store a run opens asks, and the locked path's
 * DDL and nine round trips cost more than the open's other work. Null when steps are missing or there is no schema yet.
 */
async function settledVersion(client: pg.ClientBase, steps: number): Promise<number | null> {
  try {
    const current = await version(client);
    return current >= steps ? current : null;
  } catch (error) {
    // No schema yet (3F000), or no version table in it (42P01): the locked path creates them.
    if (['3F000', '42P01'].includes((error as { code?: string }).code ?? '')) return null;
    throw error;
  }
}

async function version(client: pg.ClientBase): Promise<number> {
  const result = await client.query<{ version: number | null }>(`SELECT max(version) AS version FROM ${SCHEMA}.schema_migrations`);
  return result.rows[0]?.version ?? 0;
}

async function recordCount(client: pg.ClientBase): Promise<number> {
  const result = await client.query<{ count: string }>(`SELECT count(*) AS count FROM ${SCHEMA}.records`);
  return Number(result.rows[0]?.count ?? 0);
}
