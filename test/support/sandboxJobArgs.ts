import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';

/** The CLI flags of a job over every wallet of a sandbox world on the given chains, quiet and at the sandbox's rate. */
export function sandboxJobArgs(sandbox: Sandbox, world: World, chains: readonly number[], out: string, state: string): string[] {
  return [
    '--out',
    out,
    '--state',
    state,
    '--base-url',
    sandbox.url,
    '--api-key',
    sandbox.apiKey,
    '--rate',
    '2000',
    // The sandbox does not hold the historical balances to Etherscan's 2 calls/s.
    '--historical-rate',
    '2000',
    '--quiet',
    ...world.wallets.flatMap((wallet) => ['--address', wallet.address]),
    ...chains.flatMap((chainId) => ['--chain', String(chainId)]),
  ];
}
