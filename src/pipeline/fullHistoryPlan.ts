import { ChainNotAvailableError } from '../etherscan/errors.js';
import type { EtherscanApi } from '../etherscan/EtherscanApi.js';
import type { BlockPlan } from '../sync/planBlockRanges.js';

/** Every block from genesis to the head of each chain: what `sync` and `reconcile` keep up to date. */
export async function fullHistoryPlan(api: EtherscanApi, chains: readonly number[]): Promise<BlockPlan> {
  const plan: BlockPlan = { ranges: [], skippedChains: [] };
  // In turn, so a fatal answer stops the run at once (see planBlockRanges).
  for (const chainId of chains) {
    try {
      const headBlock = await api.headBlock(chainId);
      plan.ranges.push({ chainId, startBlock: 0, endBlock: headBlock, headBlock });
    } catch (error) {
      if (!(error instanceof ChainNotAvailableError)) throw error;
      plan.skippedChains.push({ chainId, reason: error.shortMessage });
    }
  }
  return plan;
}
