/**
 * Run by syncSandbox.test.ts and postgresPipeline.test.ts as a separate process they kill with SIGKILL: syncs
 * the sandbox at argv into the state at argv (an SQLite file, or a PostgreSQL URL whose book is `sync-child`),
 * printing one line per committed page.
 */
import { EtherscanClient } from '../../src/etherscan/EtherscanClient.js';
import { openSqliteStore } from '../../src/store/openSqliteStore.js';
import { openPostgresStore } from '../../src/store/postgres/openPostgresStore.js';
import { planBlockRanges } from '../../src/sync/planBlockRanges.js';
import { syncJob } from '../../src/sync/syncJob.js';

/** The book a PostgreSQL state is synced into. */
const SYNC_CHILD_BOOK = 'sync-child';

const [url = '', apiKey = '', state = '', walletsJson = '[]', period = '{}'] = process.argv.slice(2);
const api = new EtherscanClient({ baseUrl: url, apiKey, rate: 10_000 });
const store = state.startsWith('postgres://') ? openPostgresStore(state, SYNC_CHILD_BOOK) : openSqliteStore(state);
const plan = await planBlockRanges(api, [1], JSON.parse(period) as { startTime: number; endTime: number });
const silent = (): void => undefined;
await syncJob({
  api,
  store,
  plan,
  pageSize: 100,
  concurrency: 1,
  wallets: JSON.parse(walletsJson) as { address: string; chains: number[] | null }[],
  progress: {
    estimate: silent,
    planned: silent,
    receiptQueued: silent,
    receipt: silent,
    chainSkipped: silent,
    finished: silent,
    page: () => void process.stdout.write('page\n'),
  },
});
store.close();
