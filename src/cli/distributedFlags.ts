import path from 'node:path';
import { InputError } from '../errors/LedgerscanError.js';
import type { CliIo } from './CliIo.js';

/**
 * `--database URL` (or LEDGERSCAN_DATABASE_URL, which keeps a password out of the process list) and `--files DIR`
 * of `serve`, `users` and `worker`: the distributed mode when a database is given, else undefined (embedded).
 * `users` needs no files.
 */
export function distributedFlags(
  flags: { database?: string | undefined; files?: string | undefined; data?: string | undefined },
  io: CliIo,
  needsFiles = true,
): { database: string; filesDir: string } | undefined {
  // --data chooses the embedded mode even where LEDGERSCAN_DATABASE_URL is set.
  const database = flags.database ?? (flags.data === undefined ? io.env.LEDGERSCAN_DATABASE_URL : undefined);
  if (database === undefined || database === '') {
    if (flags.files !== undefined)
      throw new InputError('--files is the shared directory of the distributed mode; give --database too (or leave out --files)');
    return undefined;
  }
  if (!/^postgres(ql)?:\/\//.test(database))
    throw new InputError('--database must be a PostgreSQL URL such as postgres://USER@HOST:5432/ledgerscan');
  if (flags.data !== undefined) throw new InputError('--data is the embedded workspace folder; with --database give --files DIR instead');
  if (needsFiles && flags.files === undefined)
    throw new InputError('--files DIR is needed with --database: the directory the server and every worker share for run files');
  return { database, filesDir: path.resolve(io.cwd, flags.files ?? '.') };
}
