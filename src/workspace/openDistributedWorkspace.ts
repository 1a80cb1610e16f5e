import type { WorkerUtils } from 'graphile-worker';
import { makeWorkerUtils } from 'graphile-worker';
import type { AlertSettings } from '../alerts/AlertSettings.js';
import { removePostgresBook } from '../store/postgres/removePostgresBook.js';
import { distributedBookPlaces } from './BookPlaces.js';
import { SqlBookEntries } from './entries/SqlBookEntries.js';
import { GraphileRunQueue } from './GraphileRunQueue.js';
import { graphileLogger } from './graphileLogger.js';
import type { ApiAccess } from './jobForRun.js';
import { openPostgresWorkspaceData } from './openWorkspaceData.js';
import { Workspace } from './Workspace.js';

export interface DistributedOptions {
  database: string;
  /** The directory every worker and the server share: run files and closed periods. */
  filesDir: string;
  api: ApiAccess;
  now?: () => Date;
  alerts?: AlertSettings;
  log?: (line: string) => void;
  /** The schedules' jitter window (`Scheduler.jitterOf`); default ten minutes. */
  scheduleJitterMs?: number;
}

/**
 * The workspace of the distributed mode: data and books' stores in PostgreSQL, the graphile-worker queue in the
 * same database (its schema brought up to date here), files under `filesDir`. Nothing is written to local SQLite.
 */
export async function openDistributedWorkspace(options: DistributedOptions, workerUtils?: WorkerUtils): Promise<Workspace> {
  // A worker passes the utils it keeps for its lease; the server opens its own for this one migration.
  const utils = workerUtils ?? (await makeWorkerUtils({ connectionString: options.database, logger: graphileLogger(options.log) }));
  try {
    await utils.migrate();
  } finally {
    if (workerUtils === undefined) await utils.release();
  }
  const { data, db } = await openPostgresWorkspaceData(options.database, options.log === undefined ? {} : { log: options.log });
  const now = options.now ?? (() => new Date());
  const stores = distributedBookPlaces(options.database, options.filesDir, (book) => removePostgresBook(db, book));
  return new Workspace({
    api: options.api,
    now,
    ...(options.alerts === undefined ? {} : { alerts: options.alerts }),
    ...(options.scheduleJitterMs === undefined ? {} : { scheduleJitterMs: options.scheduleJitterMs }),
    ...(options.log === undefined ? {} : { log: options.log }),
    backend: {
      data,
      stores,
      entries: new SqlBookEntries(db),
      entriesDatabase: options.database,
      queue: () => new GraphileRunQueue(data, db, now),
    },
  });
}
