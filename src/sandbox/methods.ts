/** The contract methods the generated transactions call: txlist shows `methodId` and `functionName`. */
export interface Method {
  readonly methodId: string;
  readonly functionName: string;
  /** 32-byte argument words appended to the selector in `input`. */
  readonly argWords: number;
}

export const METHODS = {
  genesis: { methodId: '', functionName: '', argWords: 0 },
  plain: { methodId: '0x', functionName: '', argWords: 0 },
  transfer: { methodId: '0xa9059cbb', functionName: 'transfer(address _to, uint256 _value)', argWords: 2 },
  approve: { methodId: '0x095ea7b3', functionName: 'approve(address _spender, uint256 _value)', argWords: 2 },
  swapTokensForTokens: {
    methodId: '0x38ed1739',
    functionName: 'swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
    argWords: 8,
  },
  swapEthForTokens: {
    methodId: '0x7ff36ab5',
    functionName: 'swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)',
    argWords: 7,
  },
  swapTokensForEth: {
    methodId: '0x18cbafe5',
    functionName: 'swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
    argWords: 8,
  },
  execTransaction: {
    methodId: '0x6a761202',
    functionName:
      'execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures)',
    argWords: 14,
  },
  createProxy: {
    methodId: '0x1688f0b9',
    functionName: 'createProxyWithNonce(address _singleton, bytes initializer, uint256 saltNonce)',
    argWords: 12,
  },
  mint: { methodId: '0xa0712d68', functionName: 'mint(uint256 amount)', argWords: 1 },
  nftTransfer: { methodId: '0x42842e0e', functionName: 'safeTransferFrom(address from, address to, uint256 tokenId)', argWords: 3 },
  multiTransfer: {
    methodId: '0xf242432a',
    functionName: 'safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
    argWords: 6,
  },
  burn: { methodId: '0x42966c68', functionName: 'burn(uint256 tokenId)', argWords: 1 },
  claim: { methodId: '0x4e71d92d', functionName: 'claim()', argWords: 0 },
  airdrop: { methodId: '0x729ad39e', functionName: 'airdrop(address[] recipients)', argWords: 6 },
  withdraw: { methodId: '0x2e1a7d4d', functionName: 'withdraw(uint256 wad)', argWords: 1 },
  /** A real quirk: a 2-byte input whose methodId echoes it (ethers-rs#2612). */
  shortInput: { methodId: '0xe061', functionName: '', argWords: 0 },
  deploy: { methodId: '0x60806040', functionName: '', argWords: 40 },
  blobSubmit: { methodId: '0x', functionName: '', argWords: 0 },
} as const satisfies Record<string, Method>;

export type MethodName = keyof typeof METHODS;
export const METHOD_NAMES = Object.keys(METHODS) as MethodName[];
