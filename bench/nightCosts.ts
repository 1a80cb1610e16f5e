import fs from 'node:fs';
import { adminQuery } from './benchPostgres.js';

/** Clock ticks per second of /proc's CPU times: 100 on every Linux this runs on (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** The CPU seconds a process has spent, user and system, from /proc (Linux); 0 where /proc does not say. */
export function processCpuSeconds(pid: number | undefined): number {
  try {
    // Fields 14 and 15 of stat; the command name (field 2) may hold spaces, so count from its closing parenthesis.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Each table of the database's ledgerscan and graphile_worker schemas: its bytes, indexes and TOAST included. */
export async function tableBytes(database: string): Promise<Map<string, number>> {
  const rows = await adminQuery<{ name: string; bytes: string }>(
    database,
    `SELECT n.nspname || '.' || c.relname AS name, pg_total_relation_size(c.oid)::text AS bytes
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ('ledgerscan', 'graphile_worker') AND c.relkind = 'r'`,
  );
  return new Map(rows.map((row) => [row.name.replace(/^ledgerscan\./, ''), Number(row.bytes)]));
}

/** The tables that grew from `before` to `after`, in kB per book, largest first (those under 1 kB a book left out). */
export function growthPerBook(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
  books: number,
): Record<string, number> {
  const grown = [...after].map(([name, bytes]) => [name, (bytes - (before.get(name) ?? 0)) / 1e3 / books] as const);
  return Object.fromEntries(
    grown
      .filter(([, kilobytes]) => Math.abs(kilobytes) >= 1)
      .sort((a, b) => b[1] - a[1])
      .map(([name, kilobytes]) => [name, Math.round(kilobytes * 10) / 10]),
  );
}
