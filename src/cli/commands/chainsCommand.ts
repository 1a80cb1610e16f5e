import { allChains } from '../../chains/chains.js';
import type { CliIo } from '../CliIo.js';

export function chainsCommand(io: CliIo): number {
  io.stdout.write('id\tname\tnative\tfee model\tfree tier\n');
  for (const chain of allChains()) {
    io.stdout.write(`${chain.id}\t${chain.name}\t${chain.nativeSymbol}\t${chain.feeModel}\t${chain.freeTier ? 'yes' : 'no'}\n`);
  }
  return 0;
}
