import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EtherscanClient } from '../src/etherscan/EtherscanClient.js';
import { openSqliteStore } from '../src/store/openSqliteStore.js';
import { openPostgresStore } from '../src/store/postgres/openPostgresStore.js';
import { redactDatabaseUrl } from '../src/secrets/redact.js';
import type { RecordStore } from '../src/store/RecordStore.js';
import { concurrencyFor } from '../src/sync/concurrencyFor.js';
import { planBlockRanges } from '../src/sync/planBlockRanges.js';
import { syncJob, type SyncReport } from '../src/sync/syncJob.js';
import type { BenchSize } from './BenchSize.js';
import { adminQuery, benchPostgresServer, createBenchDatabase, dropBenchDatabase } from './benchPostgres.js';
import { benchJob } from './benchJob.js';
import { runCsvStage, type CsvStageFigures } from './runCsvStage.js';
import { startSandboxProcess } from './startSandboxProcess.js';

/**
 * Store→CSV on PostgreSQL beside SQLite (`npm run bench -- --stores --sizes medium`): one world synced from
 * the sandbox into both stores with the same plan, then the `ledger` template rendered from each in a
 * process of its own. PostgreSQL is the server in `LEDGERSCAN_PG_URL`, else a throwaway cluster
 * (`.ci/postgres`) started and stopped here.
 */
export async function compareStores(size: BenchSize, rate: number, keep: boolean, note: (line: string) => void) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ledgerscan-stores-${size.name}-`));
  const server = benchPostgresServer();
  const database = await createBenchDatabase(server.url, size.name);
  try {
    const sandbox = await startSandboxProcess({ scale: size.scale, rate, apiKey: `bench-stores-${size.name}-key`, spanFeeMarket: false });
    const state = path.join(dir, 'state.db');
    const job = benchJob(sandbox.world, dir, {
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      rate,
      out: path.join(dir, 'out'),
      state,
      spanFeeMarket: false,
    });
    const book = `bench-${size.name}`;
    let sqliteSync: SyncFigures;
    let postgresSync: SyncFigures;
    try {
      const api = new EtherscanClient({ baseUrl: job.api.baseUrl, apiKey: job.api.apiKey, rate });
      const plan = await planBlockRanges(api, job.chains, job.period, () => new Date());
      const sync = async (store: RecordStore): Promise<SyncFigures> => {
        const start = performance.now();
        try {
          const report = await syncJob({
            api,
            store,
            plan,
            wallets: job.wallets,
            ripeness: job.ripeness,
            concurrency: concurrencyFor(rate),
          });
          return { seconds: (performance.now() - start) / 1000, report };
        } finally {
          store.close();
        }
      };
      sqliteSync = await sync(openSqliteStore(state));
      note(
        `${size.name}: synced into SQLite in ${sqliteSync.seconds.toFixed(1)} s (${sqliteSync.report.rows} rows, ${sqliteSync.report.receipts} receipts)`,
      );
      postgresSync = await sync(openPostgresStore(database, book));
      note(
        `${size.name}: synced into PostgreSQL in ${postgresSync.seconds.toFixed(1)} s (${postgresSync.report.rows} rows, ${postgresSync.report.receipts} receipts)`,
      );
    } finally {
      await sandbox.close();
    }
    const chains = sqliteSync.report.chains;
    const stage = async (
      name: string,
      input: { onePass?: boolean; database?: { url: string; book: string } },
    ): Promise<CsvStageFigures> => {
      const figures = await runCsvStage({ state, job, chains, outDir: path.join(dir, name), ...input }, dir);
      note(
        `${size.name}: ${name} store→CSV ${figures.entries} entries in ${figures.seconds.toFixed(2)} s, peak RSS ${figures.maxRssMb.toFixed(0)} MB`,
      );
      return figures;
    };
    const sqliteParts = await stage('sqlite', {});
    const sqliteOnePass = await stage('sqlite-one-pass', { onePass: true });
    const postgresParts = await stage('postgres', { database: { url: database, book } });
    const postgres = await stage('postgres-one-pass', { onePass: true, database: { url: database, book } });
    const same = [sqliteOnePass, postgresParts, postgres].every((figures) =>
      fs.readFileSync(figures.file).equals(fs.readFileSync(sqliteParts.file)),
    );
    const figures = (stageFigures: CsvStageFigures) => ({
      entries: stageFigures.entries,
      seconds: stageFigures.seconds,
      entriesPerSecond: stageFigures.entries / stageFigures.seconds,
      entriesPerCpuSecond: stageFigures.entries / stageFigures.cpuSeconds,
      maxRssMb: stageFigures.maxRssMb,
      rssBeforeMb: stageFigures.rssBeforeMb,
    });
    return {
      size: size.name,
      scale: size.scale,
      rate,
      measuredAt: new Date().toISOString(),
      postgresVersion: await serverVersion(database),
      sync: {
        sqliteSeconds: sqliteSync.seconds,
        postgresSeconds: postgresSync.seconds,
        rows: sqliteSync.report.rows,
        receipts: sqliteSync.report.receipts,
        sameRows: sqliteSync.report.rows === postgresSync.report.rows && sqliteSync.report.receipts === postgresSync.report.receipts,
      },
      csvStage: {
        sqliteParts: figures(sqliteParts),
        sqliteOnePass: figures(sqliteOnePass),
        postgresParts: figures(postgresParts),
        postgresOnePass: figures(postgres),
      },
      // The target (issue 42): PostgreSQL's store→CSV at least 0.9× SQLite's, each as `runExport` renders.
      postgresOverSqlite: figures(postgresParts).entriesPerSecond / figures(sqliteParts).entriesPerSecond,
      sameCsv: same,
      // The host is shared: what else ran shows in the wall times, not in the CPU times.
      loadAverage1m: os.loadavg()[0] ?? 0,
    };
  } finally {
    // Kept, the database stays with the dir, so bench/csvStage.ts can be rerun on either input.
    if (keep && server.kept) note(`${size.name}: kept the database ${redactDatabaseUrl(database)}`);
    else await dropBenchDatabase(database);
    server.stop();
    if (keep) note(`${size.name}: kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface SyncFigures {
  seconds: number;
  report: SyncReport;
}

async function serverVersion(url: string): Promise<string> {
  const [row] = await adminQuery<{ server_version: string }>(url, 'SHOW server_version');
  return row?.server_version ?? 'unknown';
}
