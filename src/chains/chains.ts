import { InputError } from '../errors/LedgerscanError.js';

/**
 * How a chain charges for gas, which decides the fee formula:
 * - `plain`: gasUsed × effectiveGasPrice (+ blob gas for EIP-4844 transactions)
 * - `op-stack`: plain + the receipt's `l1Fee` (the L1 data fee is charged on top)
 * - `arbitrum`: gasUsed × effectiveGasPrice; the L1 part is already inside gasUsed and the
 *   txlist gasPrice is only the bid, so the receipt is always needed
 */
export type FeeModel = 'plain' | 'op-stack' | 'arbitrum';

export interface Chain {
  readonly id: number;
  readonly name: string;
  /** Short name used in account names and file names. */
  readonly slug: string;
  readonly nativeSymbol: string;
  readonly nativeDecimals: number;
  readonly feeModel: FeeModel;
  /** Blocks behind the head that are not yet final enough to record as synced. */
  readonly ripenessBlocks: number;
  /** Average seconds per block, for ETA estimates only. */
  readonly blockSeconds: number;
  /** Etherscan's free plan serves this chain. */
  readonly freeTier: boolean;
}

const table: readonly Chain[] = [
  { id: 1, name: 'Ethereum Mainnet', slug: 'ethereum', nativeSymbol: 'ETH', nativeDecimals: 18, feeModel: 'plain', ripenessBlocks: 64, blockSeconds: 12, freeTier: true },
  { id: 11155111, name: 'Sepolia Testnet', slug: 'sepolia', nativeSymbol: 'ETH', nativeDecimals: 18, feeModel: 'plain', ripenessBlocks: 64, blockSeconds: 12, freeTier: true },
  { id: 10, name: 'OP Mainnet', slug: 'optimism', nativeSymbol: 'ETH', nativeDecimals: 18, feeModel: 'op-stack', ripenessBlocks: 300, blockSeconds: 2, freeTier: false },
  { id: 8453, name: 'Base Mainnet', slug: 'base', nativeSymbol: 'ETH', nativeDecimals: 18, feeModel: 'op-stack', ripenessBlocks: 300, blockSeconds: 2, freeTier: false },
  { id: 42161, name: 'Arbitrum One Mainnet', slug: 'arbitrum', nativeSymbol: 'ETH', nativeDecimals: 18, feeModel: 'arbitrum', ripenessBlocks: 2400, blockSeconds: 0.25, freeTier: true },
  { id: 137, name: 'Polygon Mainnet', slug: 'polygon', nativeSymbol: 'POL', nativeDecimals: 18, feeModel: 'plain', ripenessBlocks: 256, blockSeconds: 2, freeTier: true },
  { id: 56, name: 'BNB Smart Chain Mainnet', slug: 'bsc', nativeSymbol: 'BNB', nativeDecimals: 18, feeModel: 'plain', ripenessBlocks: 64, blockSeconds: 3, freeTier: false },
  { id: 43114, name: 'Avalanche C-Chain', slug: 'avalanche', nativeSymbol: 'AVAX', nativeDecimals: 18, feeModel: 'plain', ripenessBlocks: 64, blockSeconds: 2, freeTier: false },
  { id: 59144, name: 'Linea Mainnet', slug: 'linea', nativeSymbol: 'ETH', nativeDecimals: 18, feeModel: 'plain', ripenessBlocks: 300, blockSeconds: 2, freeTier: true },
  { id: 81457, name: 'Blast Mainnet', slug: 'blast', nativeSymbol: 'ETH', nativeDecimals: 18, feeModel: 'op-stack', ripenessBlocks: 300, blockSeconds: 2, freeTier: true },
  { id: 100, name: 'Gnosis', slug: 'gnosis', nativeSymbol: 'XDAI', nativeDecimals: 18, feeModel: 'plain', ripenessBlocks: 64, blockSeconds: 5, freeTier: true },
  { id: 130, name: 'Unichain Mainnet', slug: 'unichain', nativeSymbol: 'ETH', nativeDecimals: 18, feeModel: 'op-stack', ripenessBlocks: 300, blockSeconds: 1, freeTier: true },
  { id: 480, name: 'World Mainnet', slug: 'world', nativeSymbol: 'ETH', nativeDecimals: 18, feeModel: 'op-stack', ripenessBlocks: 300, blockSeconds: 2, freeTier: true },
  { id: 5000, name: 'Mantle Mainnet', slug: 'mantle', nativeSymbol: 'MNT', nativeDecimals: 18, feeModel: 'plain', ripenessBlocks: 300, blockSeconds: 2, freeTier: true },
  { id: 146, name: 'Sonic Mainnet', slug: 'sonic', nativeSymbol: 'S', nativeDecimals: 18, feeModel: 'plain', ripenessBlocks: 64, blockSeconds: 1, freeTier: true },
  { id: 42220, name: 'Celo Mainnet', slug: 'celo', nativeSymbol: 'CELO', nativeDecimals: 18, feeModel: 'plain', ripenessBlocks: 64, blockSeconds: 1, freeTier: true },
];

const byId = new Map(table.map((chain) => [chain.id, chain]));

export function allChains(): readonly Chain[] {
  return table;
}

export function findChain(id: number): Chain | undefined {
  return byId.get(id);
}

export function getChain(id: number): Chain {
  const chain = byId.get(id);
  if (chain === undefined) {
    throw new InputError(`unknown chain id ${id}`, {
      details: { fix: `use one of ${table.map((c) => c.id).join(', ')} (see 'ledgerscan chains')` },
    });
  }
  return chain;
}
