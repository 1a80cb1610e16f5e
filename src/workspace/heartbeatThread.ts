/**
 * Worker thread: beats for one graphile-worker worker id every `everyMs`, on a connection of its own and the
 * database's clock. On a thread, so that a run holding the main thread (a synchronous ledger render, a blocking
 * store statement) never looks like a dead worker: the lease measures whether the process lives, nothing else.
 * A beat that fails (the database restarting) is tried again at the next one on a new connection.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { workerData } from 'node:worker_threads';
import pg from 'pg';
import { postgresConfig } from '../db/postgres/postgresConfig.js';

const { url, workerId, everyMs } = workerData as { url: string; workerId: string; everyMs: number };

const BEAT = `INSERT INTO worker_heartbeats (worker_id, beat_at) VALUES ($1, clock_timestamp())
  ON CONFLICT (worker_id) DO UPDATE SET beat_at = excluded.beat_at`;

let client: pg.Client | null = null;
for (;;) {
  try {
    if (client === null) {
      const fresh = new pg.Client(postgresConfig(url));
      fresh.on('error', () => undefined);
      client = fresh;
      await fresh.connect();
    }
    await client.query(BEAT, [workerId]);
  } catch {
    void client?.end().catch(() => undefined);
    client = null;
  }
  await delay(everyMs);
}
