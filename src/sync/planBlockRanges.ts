import { InputError } from '../errors/LedgerscanError.js';
import { ApiProtocolError, ChainNotAvailableError } from '../etherscan/errors.js';
import type { EtherscanApi } from '../etherscan/EtherscanApi.js';
import type { JobPeriod } from '../config/Job.js';
import { FINAL_AFTER_S, RememberingApi } from './RememberingApi.js';
import { closingInstant } from '../config/periodInstants.js';

/** The blocks of one chain that fall in the job's period, and the head when it was planned. */
export interface ChainBlockRange {
  chainId: number;
  /** First block at or after the period's start. */
  startBlock: number;
  /** Last block before the period's end (the head when the period reaches into the future). */
  endBlock: number;
  headBlock: number;
}

export interface SkippedChain {
  chainId: number;
  /** The API's refusal, for the report. */
  reason: string;
}

export interface BlockPlan {
  ranges: ChainBlockRange[];
  skippedChains: SkippedChain[];
}

/**
 * Turns the period (Unix seconds, end exclusive) into a block range per chain: at most three calls a chain,
 * none for a period over for a day whose blocks a `RememberingApi` kept. A chain the plan does not cover is skipped and
 * reported; every other error (daily limit, bad key) is the caller's.
 */
export async function planBlockRanges(
  api: EtherscanApi,
  chains: readonly number[],
  period: Pick<JobPeriod, 'startTime' | 'endTime'>,
  now: () => Date = () => new Date(),
): Promise<BlockPlan> {
  return planEachChain(chains, (chainId) => planChain(api, chainId, period, Math.floor(now().getTime() / 1000)));
}

/**
 * Plans the chains one after another: the rate limiter serialises the calls anyway, and a fatal answer
 * (daily limit, bad key) must stop the run at once instead of leaving other chains' calls retrying
 * behind it. A chain the API plan does not cover is skipped and reported.
 */
export async function planEachChain(chains: readonly number[], plan: (chainId: number) => Promise<ChainBlockRange>): Promise<BlockPlan> {
  const result: BlockPlan = { ranges: [], skippedChains: [] };
  for (const chainId of chains) {
    try {
      result.ranges.push(await plan(chainId));
    } catch (error) {
      if (!(error instanceof ChainNotAvailableError)) throw error;
      result.skippedChains.push({ chainId, reason: error.shortMessage });
    }
  }
  return result;
}

async function planChain(
  api: EtherscanApi,
  chainId: number,
  period: Pick<JobPeriod, 'startTime' | 'endTime'>,
  nowSeconds: number,
): Promise<ChainBlockRange> {
  // A period over for a day has blocks that never change: kept, they and a ripe head seen before cost no call.
  if (api instanceof RememberingApi && period.endTime <= nowSeconds - FINAL_AFTER_S) {
    const startBlock = await firstBlock(api, chainId, period.startTime);
    const endBlock = await api.blockNumberByTime(chainId, closingInstant(period), 'before');
    const headBlock = await api.ripeHeadFor(chainId, endBlock);
    return { chainId, startBlock, endBlock: Math.min(endBlock, headBlock), headBlock };
  }
  const headBlock = await api.headBlock(chainId);
  if (period.startTime > nowSeconds) throw noBlockAfter(chainId, period.startTime, 'the period has not begun');
  const startBlock = await firstBlock(api, chainId, period.startTime);
  const endBlock = period.endTime > nowSeconds ? headBlock : await api.blockNumberByTime(chainId, closingInstant(period), 'before');
  return { chainId, startBlock, endBlock: Math.min(endBlock, headBlock), headBlock };
}

function firstBlock(api: EtherscanApi, chainId: number, startTime: number): Promise<number> {
  return api.blockNumberByTime(chainId, startTime, 'after').catch((error: unknown) => {
    throw isNoClosestBlock(error) ? noBlockAfter(chainId, startTime, "the explorer's data ends before it") : error;
  });
}

/** Etherscan's answer to a time after its newest block: "No closest block found". */
function isNoClosestBlock(error: unknown): boolean {
  return error instanceof ApiProtocolError && /No closest block found/i.test(error.message);
}

function noBlockAfter(chainId: number, startTime: number, why: string): InputError {
  const start = new Date(startTime * 1000).toISOString().replace('.000Z', 'Z');
  return new InputError(`chain ${chainId} has no block at or after the period's start ${start}: ${why}`, {
    details: { fix: "choose a period that starts before the chain's newest block" },
  });
}
