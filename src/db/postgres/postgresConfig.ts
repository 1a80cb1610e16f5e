import pg from 'pg';
import { SCHEMA } from './postgresMigrations.js';

const INT8 = 20;

/** bigint columns hold block numbers and counts: safe integers, read as numbers; anything else is a bug, never rounded. */
function safeInteger(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`integer ${text} is outside the safe range`);
  return value;
}

const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8 ? safeInteger : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * Connection settings every ledgerscan connection uses: the ledgerscan schema first on the search path, bigint
 * as numbers, and `synchronous_commit = off`. That is the SQLite store's durability (WAL, synchronous=NORMAL):
 * a commit survives the client being killed, only a crash of the database server can take back its last
 * commits (never half of one), which the next run re-fetches; and a receipt's commit no longer waits for a
 * disk flush (the small bench world synced in 22 s with it on, 8 s off).
 */
export function postgresConfig(url: string): pg.ClientConfig {
  return { connectionString: url, types, options: `-c search_path=${SCHEMA} -c synchronous_commit=off`, connectionTimeoutMillis: 10_000 };
}
