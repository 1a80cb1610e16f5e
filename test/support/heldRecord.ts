import { EtherscanClient } from '../../src/etherscan/EtherscanClient.js';
import type { OmittedRecord } from '../../src/sandbox/AccountLists.js';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';

/**
 * An incoming internal transfer on chain 1 between March and October 2025: the record a sandbox holds back
 * (`omit`) while 2025 is filed and reveals afterwards, as an explorer that indexed it late.
 */
export async function heldInternalTransfer(world: World): Promise<OmittedRecord> {
  const probe = await startSandbox({ world, rate: 1000 });
  try {
    const client = new EtherscanClient({ baseUrl: probe.url, apiKey: probe.apiKey, rate: 1000 });
    const start = world.blockByTime(1, Date.UTC(2025, 2, 1) / 1000, 'after') as number;
    const end = world.blockByTime(1, Date.UTC(2025, 10, 1) / 1000, 'before') as number;
    for (const wallet of world.wallets.filter((candidate) => candidate.chains.includes(1))) {
      const rows = await client.listPage('txlistinternal', {
        chainId: 1,
        address: wallet.address,
        startBlock: start,
        endBlock: end,
        offset: 1000,
      });
      const row = rows.find((candidate) => candidate.to === wallet.address && candidate.isError === '0' && candidate.value !== '0');
      if (row !== undefined) return { chainId: 1, stream: 'txlistinternal', hash: row.hash };
    }
  } finally {
    await probe.close();
  }
  throw new Error('the world has no incoming internal transfer in 2025 to hold back');
}
