import path from 'node:path';
import { openPostgresWorkspaceData, openSqliteWorkspaceData } from '../workspace/openWorkspaceData.js';
import type { WorkspaceData } from '../workspace/WorkspaceData.js';
import { privateWorkspaceFolder } from '../workspace/usePrivateFiles.js';
import type { CliIo } from './CliIo.js';
import { DEFAULT_DATA_DIR } from './commands/serveCommand.js';
import { distributedFlags } from './distributedFlags.js';

/** The workspace data of `users` and `audit`: the embedded `--data DIR`'s workspace.db (made private), or the `--database URL`. */
export async function openCliWorkspaceData(
  flags: { data?: string | undefined; database?: string | undefined },
  io: CliIo,
): Promise<WorkspaceData> {
  const distributed = distributedFlags(flags, io, false);
  if (distributed !== undefined) return (await openPostgresWorkspaceData(distributed.database)).data;
  const dataDir = path.resolve(io.cwd, flags.data ?? DEFAULT_DATA_DIR);
  // `users add` usually comes before any `serve`: the folder and workspace.db it makes hold password hashes.
  privateWorkspaceFolder(dataDir);
  return openSqliteWorkspaceData(path.join(dataDir, 'workspace.db'));
}
