import type { EtherscanApi } from '../etherscan/EtherscanApi.js';
import type { BlockPlan } from '../sync/planBlockRanges.js';
import { planEachChain } from '../sync/planBlockRanges.js';

/** Every block from genesis to the head of each chain: what `sync` and `reconcile` keep up to date. */
export function fullHistoryPlan(api: EtherscanApi, chains: readonly number[]): Promise<BlockPlan> {
  return planEachChain(chains, async (chainId) => {
    const headBlock = await api.headBlock(chainId);
    return { chainId, startBlock: 0, endBlock: headBlock, headBlock };
  });
}
