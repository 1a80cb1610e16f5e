import { afterAll, beforeAll, expect } from '@jest/globals';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import { E2E_RATE, e2eWorld } from '../support/e2eWorld.js';
import { api, type RunView } from '../support/serverProcess.js';
import { Cluster } from './cluster.js';

/** A book of the e2e world on a one-worker cluster, exported once through the API. */
export interface ExportedBook {
  cluster: Cluster;
  /** `/api/books/ID`. */
  route: string;
  bookId: number;
  /** The export both runs take: the year 2025 through `ledger`. */
  request: { kind: 'export'; period: { year: number }; templates: string[] };
  /** The first export, succeeded. */
  first: RunView;
  /** The API as the cluster's admin (`ops`). */
  call(method: string, path: string, body?: unknown): Promise<unknown>;
}

/**
 * The book suites' shared setup on the distributed workspace: a sandbox over the e2e world for the file's suites
 * (jest hooks, its key `key`); `withExportedBook` gives each test its cluster and book after a first export,
 * and closes the cluster after, whatever the test did.
 */
export function exportedBookCluster(key: string): (serverUrl: string, test: (book: ExportedBook) => Promise<void>) => Promise<void> {
  const world = e2eWorld();
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ world, rate: E2E_RATE, apiKeys: [key] });
  });
  afterAll(async () => {
    await sandbox.close();
  });
  return async (serverUrl, test) => {
    const cluster = await Cluster.start(serverUrl, sandbox, { keys: { ETHERSCAN_API_KEY: key }, rate: E2E_RATE, workers: 1 });
    try {
      const [book] = await cluster.addBooks(world, 1);
      const bookId = book!.id;
      const request = { kind: 'export' as const, period: { year: 2025 }, templates: ['ledger'] };
      const first = await cluster.finished(bookId, request);
      expect(first.status).toBe('succeeded');
      await test({
        cluster,
        route: `/api/books/${bookId}`,
        bookId,
        request,
        first,
        call: (method, path, body) => api(cluster.url, cluster.token, method, path, body),
      });
    } finally {
      await cluster.close();
    }
  };
}
