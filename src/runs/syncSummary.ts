import type { ApiStats } from '../etherscan/EtherscanApi.js';
import type { SyncReport } from '../sync/syncJob.js';

/** One line on what the sync did and what it cost in API calls. */
export function syncSummary(sync: SyncReport, api: ApiStats): string {
  const blocks = sync.chains.map((chain) => `${chain.chainId}: ${chain.fromBlock}–${chain.toBlock}`).join(', ');
  const skipped = sync.skippedChains.map(
    (chain) => `chain ${chain.chainId} skipped: ${chain.reason} (fix: drop it from the job, or use an API plan that covers it)`,
  );
  return [
    `sync: ${sync.pages} pages, ${sync.rows} rows, ${sync.receipts} receipts (blocks ${blocks === '' ? 'none' : blocks}); ` +
      `API: ${api.requests} requests (${sync.listCalls} list, ${sync.receiptCalls} receipt), ${api.retries} retries, ${api.rateLimited} rate-limited`,
    ...skipped,
  ].join('\n');
}
