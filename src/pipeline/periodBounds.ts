import type { Job } from '../config/Job.js';
import type { RecordStore } from '../store/RecordStore.js';
import type { SyncedChain } from '../sync/syncJob.js';
import type { ChainBalanceReader, PeriodBounds } from '../templates/PeriodBounds.js';
import { historyBlocks, ledgerFromStore, pairingChains, storeBridgePairs } from './ledgerFromStore.js';

/**
 * The period as balance templates need it: the stored ledger before each chain's first period block (the
 * opening balances roll it forward), the period's boundaries, and the blocks the balances are stated at. Its bridge
 * legs are paired over the period's blocks too, as the period's ledger pairs them: a deposit before the period
 * names its arrival inside it.
 */
export function periodBounds(
  store: RecordStore,
  job: Job,
  chains: readonly SyncedChain[],
  chainBalance?: ChainBalanceReader,
): PeriodBounds {
  return {
    history: ledgerFromStore(store, job, historyBlocks(chains), () => storeBridgePairs(store, job, pairingChains(chains))),
    startTime: job.period.startTime,
    endTime: job.period.endTime,
    blocks: new Map(chains.map((chain) => [chain.chainId, { opening: chain.fromBlock - 1, closing: chain.toBlock }])),
    ...(chainBalance === undefined ? {} : { chainBalance }),
  };
}
