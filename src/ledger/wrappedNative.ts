/** The contract that wraps a chain's native coin one to one (`deposit()` mints, `withdraw(wad)` burns and pays back). */
export interface WrappedNative {
  /** Lowercase. */
  readonly address: string;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
}

const weth = (address: string): WrappedNative => ({ address, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 });

/**
 * The canonical wrapped native coin of each chain in the chain table. WETH9 (mainnet) and its OP-stack
 * predeploy copy emit `Deposit`/`Withdrawal` instead of `Transfer`, so `tokentx` may not list the token leg
 * of a wrap; the ledger derives it from the call then. Celo is absent: CELO is an ERC-20 itself.
 */
export const WRAPPED_NATIVE: Readonly<Record<number, WrappedNative>> = {
  1: weth('0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'),
  11155111: weth('0xfff9976782d46cc05630d1f6ebab18b2324d6b14'),
  10: weth('0x4200000000000000000000000000000000000006'),
  8453: weth('0x4200000000000000000000000000000000000006'),
  130: weth('0x4200000000000000000000000000000000000006'),
  480: weth('0x4200000000000000000000000000000000000006'),
  81457: weth('0x4300000000000000000000000000000000000004'),
  42161: weth('0x82af49447d8a07e3bd95bd0d56f35241523fbab1'),
  59144: weth('0xe5d7c2a44ffddf6b295a15c148167daaaf5cf34f'),
  137: { address: '0x0d500b1d8e8ef31e21c99d1db9a6444d3adf1270', symbol: 'WPOL', name: 'Wrapped Polygon Ecosystem Token', decimals: 18 },
  56: { address: '0xbb4cdb9cbd36b01bd1cbaebf2de08d9173bc095c', symbol: 'WBNB', name: 'Wrapped BNB', decimals: 18 },
  43114: { address: '0xb31f66aa3c1e785363f0875a1b74e27b85fd66c7', symbol: 'WAVAX', name: 'Wrapped AVAX', decimals: 18 },
  100: { address: '0xe91d153e0b41518a2ce8dd3d7944fa863463a97d', symbol: 'WXDAI', name: 'Wrapped XDAI', decimals: 18 },
  5000: { address: '0x78c1b0c915c4faa5fffa6cabf0219da63d7f4cb8', symbol: 'WMNT', name: 'Wrapped Mantle', decimals: 18 },
  146: { address: '0x039e2fb66102314ce7b64ce5ce3e5183bc94ad38', symbol: 'wS', name: 'Wrapped Sonic', decimals: 18 },
};
