/** A canonical bridge contract and the chain on its other side. */
export interface BridgeContract {
  readonly name: string;
  /** The chain this bridge sends to and receives from. */
  readonly otherChain: number;
}

const OP_L2 = {
  '0x4200000000000000000000000000000000000010': { name: 'L2StandardBridge', otherChain: 1 },
  '0x4200000000000000000000000000000000000016': { name: 'L2ToL1MessagePasser', otherChain: 1 },
} as const;

/**
 * The canonical bridges of the OP Stack (OP Mainnet, Base) and Arbitrum One, by chain and lowercase address.
 * A native or token movement whose counterparty is one of them is one leg of a move between chains. Third-party
 * bridges are not listed: their legs stay ordinary transfers rather than being guessed.
 */
export const BRIDGE_CONTRACTS: Readonly<Record<number, Readonly<Record<string, BridgeContract>>>> = {
  1: {
    '0x99c9fc46f92e8a1c0dec1b1747d010903e884be1': { name: 'OP Mainnet L1StandardBridge', otherChain: 10 },
    '0xbeb5fc579115071764c7423a4f12edde41f106ed': { name: 'OP Mainnet OptimismPortal', otherChain: 10 },
    '0x3154cf16ccdb4c6d922629664174b904d80f2c35': { name: 'Base L1StandardBridge', otherChain: 8453 },
    '0x49048044d57e1c92a77f79988d21fa8faf74e97e': { name: 'Base OptimismPortal', otherChain: 8453 },
    '0x4dbd4fc535ac27206064b68ffcf827b0a60bab3f': { name: 'Arbitrum One Delayed Inbox', otherChain: 42161 },
    '0x8315177ab297ba92a06054ce80a67ed4dbd7ed3a': { name: 'Arbitrum One Bridge', otherChain: 42161 },
    '0x72ce9c846789fdb6fc1f34ac4ad25dd9ef7031ef': { name: 'Arbitrum One L1 Gateway Router', otherChain: 42161 },
    '0xa3a7b6f88361f48403514059f1f16c8e78d60eec': { name: 'Arbitrum One L1 ERC20 Gateway', otherChain: 42161 },
  },
  10: OP_L2,
  8453: OP_L2,
  42161: {
    '0x0000000000000000000000000000000000000064': { name: 'ArbSys', otherChain: 1 },
    '0x5288c571fd7ad117bea99bf60fe0846c4e84f933': { name: 'Arbitrum One L2 Gateway Router', otherChain: 1 },
    '0x09e9222e96e7b4ae2a407b98d48e330053351eee': { name: 'Arbitrum One L2 ERC20 Gateway', otherChain: 1 },
  },
};
