import type { EtherscanApi } from '../etherscan/EtherscanApi.js';
import { OptionalFeatures } from '../etherscan/OptionalFeatures.js';
import { parseInteger } from '../ledger/money.js';
import type { ChainBalance, ChainBalanceReader } from '../templates/PeriodBounds.js';

/**
 * Holdings' balances at a block from the historical endpoints (`balancehistory`, `tokenbalancehistory`), each
 * asked once per run whatever the number of journals. An endpoint the plan or the explorer refuses makes that
 * kind of balance unavailable on that chain for the rest of the run (one call, not one per holding): the
 * journal then asserts the ledger's balance and says why. A bad key, the daily limit or a dead network stop the run.
 */
export function chainBalanceReader(api: Pick<EtherscanApi, 'balanceHistory' | 'tokenBalanceHistory'>): ChainBalanceReader {
  const answers = new Map<string, Promise<ChainBalance>>();
  const features = new OptionalFeatures();
  const read = async (chainId: number, wallet: string, contract: string, block: number): Promise<ChainBalance> => {
    const action = contract === '' ? 'balancehistory' : 'tokenbalancehistory';
    const text = await features.attempt(action, chainId, () =>
      contract === '' ? api.balanceHistory(chainId, wallet, block) : api.tokenBalanceHistory(chainId, contract, wallet, block),
    );
    if (text !== undefined) return { value: parseInteger(text) };
    const refusal = features.unavailable().find((feature) => feature.chainId === chainId && feature.feature === action);
    return { unavailable: `${action}: ${refusal?.reason ?? 'refused'}` };
  };
  return (holding, block) => {
    const key = `${holding.key}\u0000${block}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = read(holding.chainId, holding.wallet, holding.leg.assetContract, block);
      answers.set(key, answer);
    }
    return answer;
  };
}
