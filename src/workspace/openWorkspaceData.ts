import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import { listenChannel } from '../db/postgres/listenChannel.js';
import { openPostgresPool, postgresFailure } from '../db/postgres/openPostgresPool.js';
import { ACCOUNT_CHANGES_CHANNEL, RUN_CHANGES_CHANNEL } from '../db/postgres/postgresMigrations.js';
import { redactDatabaseUrl } from '../secrets/redact.js';
import { openWorkspaceDatabase } from '../db/sqlite/openWorkspaceDatabase.js';
import { cachedStatements } from '../db/sqlite/cachedStatements.js';
import { SqlWorkspaceData } from './SqlWorkspaceData.js';
import type { WorkspaceDialect } from './WorkspaceDialect.js';
import type { WorkspaceTables } from './workspaceRows.js';

/** The embedded workspace data: `workspace.db` (created or upgraded here, synchronously, at start). */
export function openSqliteWorkspaceData(file: string): SqlWorkspaceData {
  return openSqliteWorkspace(file).data;
}

/**
 * The embedded workspace data and its query builder (the transactions table shares the file). `changeFeed`: the runs
 * other connections of this process change (the server's run threads), announced besides this one's own writes.
 */
export function openSqliteWorkspace(
  file: string,
  changeFeed?: WorkspaceDialect['changeFeed'],
): { data: SqlWorkspaceData; db: Kysely<WorkspaceTables> } {
  const db = new Kysely<WorkspaceTables>({ dialect: new SqliteDialect({ database: cachedStatements(openWorkspaceDatabase(file)) }) });
  const data = new SqlWorkspaceData(db, {
    insertionOrder: 'rowid',
    jsonText: (column, key) => sql<string | null>`${sql.ref(column)} ->> ${sql.lit(`$.${key}`)}`,
    ...(changeFeed === undefined ? {} : { changeFeed, announcesOwnWrites: true }),
    // A write first: it takes the file's write lock (waiting out busy_timeout) before the count is read.
    serializeKeyAssignment: async (trx, runId) => {
      await trx.updateTable('runs').set({ api_key_name: null }).where('id', '=', runId).execute();
    },
  });
  return { data, db };
}

/** The query builder on the shared schema: a lost session fails as `DatabaseUnavailableError`, as the store's statements do. */
export function postgresKysely(pool: pg.Pool, url: string): Kysely<WorkspaceTables> {
  const database = redactDatabaseUrl(url);
  const translated: PostgresPool = {
    async connect() {
      const client = await pool.connect().catch((error: unknown) => {
        throw postgresFailure(database, error);
      });
      return {
        query: ((text: string, params: readonly unknown[]) =>
          client.query(text, [...params]).catch((error: unknown) => {
            throw postgresFailure(database, error);
          })) as unknown as PostgresPoolClient['query'],
        release: (destroy?: boolean) => client.release(destroy),
      };
    },
    end: () => pool.end(),
  };
  return new Kysely<WorkspaceTables>({ dialect: new PostgresDialect({ pool: translated }) });
}

const KEY_ASSIGNMENT_LOCK = sql`SELECT pg_advisory_xact_lock(hashtext('ledgerscan api key assignment'))`;

/** The distributed workspace data on the shared `ledgerscan` schema, migrated first; the URL's password never reaches a message. */
export async function openPostgresWorkspaceData(
  url: string,
  options: { log?: (line: string) => void } = {},
): Promise<{ data: SqlWorkspaceData; db: Kysely<WorkspaceTables> }> {
  const db = postgresKysely(await openPostgresPool(url, { max: 8, ...options }), url);
  const data = new SqlWorkspaceData(db, {
    insertionOrder: 'seq',
    jsonText: (column, key) => sql<string | null>`(${sql.ref(column)}::jsonb ->> ${sql.lit(key)})`,
    // One lock for every key assignment in the cluster: a pick reads every running run's key, so picks go one at a time.
    serializeKeyAssignment: async (trx) => {
      await KEY_ASSIGNMENT_LOCK.execute(trx);
    },
    changeFeed: (emit) =>
      listenChannel(
        url,
        RUN_CHANGES_CHANNEL,
        (payload) => emit(Number(payload)),
        () => emit(null),
      ),
    accountFeed: (onChange, onListening) =>
      listenChannel(
        url,
        ACCOUNT_CHANGES_CHANNEL,
        onChange,
        () => onListening(true),
        () => onListening(false),
      ),
  });
  return { data, db };
}
