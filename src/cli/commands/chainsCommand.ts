import { allChains } from '../../chains/chains.js';
import type { CliIo } from '../CliIo.js';

const COLUMNS = ['id', 'slug', 'name', 'native', 'decimals', 'fee model', 'fee market from', 'free tier', 'testnet', 'ripeness'];

/** The chain table as tab-separated lines, so it reads in a terminal and pipes into `cut` or a spreadsheet. */
export function chainsCommand(io: CliIo): number {
  io.stdout.write(`${COLUMNS.join('\t')}\n`);
  for (const chain of allChains()) {
    const cells = [
      chain.id,
      chain.slug,
      chain.name,
      chain.nativeSymbol,
      chain.nativeDecimals,
      chain.feeModel,
      chain.feeMarketBlock ?? 'never',
      chain.freeTier ? 'yes' : 'no',
      chain.testnet ? 'yes' : 'no',
      chain.ripenessBlocks,
    ];
    io.stdout.write(`${cells.join('\t')}\n`);
  }
  return 0;
}
