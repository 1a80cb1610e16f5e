/**
 * The real contracts of the symbols scammers most often copy, per chain (lowercase). A token using one of
 * these symbols (or the chain's native symbol) from any other contract is an impersonation. Chains not
 * listed here are not checked, rather than flagging every genuine token there.
 */
export const KNOWN_TOKENS: Readonly<Record<number, Readonly<Record<string, readonly string[]>>>> = {
  1: {
    WETH: ['0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'],
    USDC: ['0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'],
    USDT: ['0xdac17f958d2ee523a2206206994597c13d831ec7'],
    DAI: ['0x6b175474e89094c44da98b954eedeac495271d0f'],
  },
  10: {
    WETH: ['0x4200000000000000000000000000000000000006'],
    // Bridged USDC.e was called USDC before native USDC arrived; both are real.
    USDC: ['0x0b2c639c533813f4aa9d7837caf62653d097ff85', '0x7f5c764cbc14f9669b88837ca1490cca17c31607'],
    USDT: ['0x94b008aa00579c1307b0ef2c499ad98a8ce58e58'],
    DAI: ['0xda10009cbd5d07dd0cecc66161fc93d7c9000da1'],
  },
  42161: {
    WETH: ['0x82af49447d8a07e3bd95bd0d56f35241523fbab1'],
    USDC: ['0xaf88d065e77c8cc2239327c5edb3a432268e5831', '0xff970a61a04b1ca14834a43f5de4533ebddb5cc8'],
    USDT: ['0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9'],
    DAI: ['0xda10009cbd5d07dd0cecc66161fc93d7c9000da1'],
  },
};
