import { LedgerscanError } from '../errors/LedgerscanError.js';
import { DailyLimitError } from '../etherscan/errors.js';
import type { EtherscanApi } from '../etherscan/EtherscanApi.js';
import { parseInteger } from '../ledger/money.js';
import type { ChainBalance, ChainBalanceReader } from '../templates/PeriodBounds.js';

/**
 * Holdings' balances at a block from the historical endpoints (`balancehistory`, `tokenbalancehistory`), each
 * asked once per run whatever the number of journals. An endpoint the plan or the explorer refuses makes that
 * kind of balance unavailable on that chain for the rest of the run (one call, not one per holding): the
 * journal then asserts the ledger's balance and says why. Only the daily limit stops the run.
 */
export function chainBalanceReader(api: Pick<EtherscanApi, 'balanceHistory' | 'tokenBalanceHistory'>): ChainBalanceReader {
  const answers = new Map<string, Promise<ChainBalance>>();
  const refused = new Map<string, string>();
  const read = async (chainId: number, wallet: string, contract: string, block: number): Promise<ChainBalance> => {
    const action = contract === '' ? 'balancehistory' : 'tokenbalancehistory';
    const feature = `${chainId}\u0000${action}`;
    const known = refused.get(feature);
    if (known !== undefined) return { unavailable: known };
    try {
      const text = contract === '' ? await api.balanceHistory(chainId, wallet, block) : await api.tokenBalanceHistory(chainId, contract, wallet, block);
      return { value: parseInteger(text) };
    } catch (error) {
      if (error instanceof DailyLimitError || !(error instanceof LedgerscanError)) throw error;
      const reason = `${action}: ${error.shortMessage}`;
      refused.set(feature, reason);
      return { unavailable: reason };
    }
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
