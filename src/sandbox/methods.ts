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
  deposit: { methodId: '0xd0e30db0', functionName: 'deposit()', argWords: 0 },
  swapEthForExactTokens: {
    methodId: '0xfb3bdb41',
    functionName: 'swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline)',
    argWords: 7,
  },
  addLiquidityEth: {
    methodId: '0xf305d719',
    functionName:
      'addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline)',
    argWords: 6,
  },
  removeLiquidityEth: {
    methodId: '0x02751cec',
    functionName:
      'removeLiquidityETH(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline)',
    argWords: 6,
  },
  multicall: { methodId: '0xac9650d8', functionName: 'multicall(bytes[] data)', argWords: 12 },
  bridgeWithdraw: {
    methodId: '0x32b7006d',
    functionName: 'withdraw(address _l2Token, uint256 _amount, uint32 _minGasLimit, bytes _extraData)',
    argWords: 6,
  },
  depositEth: { methodId: '0xb1a1a882', functionName: 'depositETH(uint32 _minGasLimit, bytes _extraData)', argWords: 4 },
  withdrawEth: { methodId: '0x25e16063', functionName: 'withdrawEth(address destination)', argWords: 1 },
  executeTransaction: {
    methodId: '0x08635a95',
    functionName:
      'executeTransaction(bytes32[] proof, uint256 index, address l2Sender, address to, uint256 l2Block, uint256 l1Block, uint256 l2Timestamp, uint256 value, bytes data)',
    argWords: 20,
  },
  relayMessage: {
    methodId: '0xd764ad0b',
    functionName: 'relayMessage(uint256 _nonce, address _sender, address _target, uint256 _value, uint256 _minGasLimit, bytes _message)',
    argWords: 10,
  },
  /** A real quirk: a 2-byte input whose methodId echoes it (ethers-rs#2612). */
  shortInput: { methodId: '0xe061', functionName: '', argWords: 0 },
  deploy: { methodId: '0x60806040', functionName: '', argWords: 40 },
  blobSubmit: { methodId: '0x', functionName: '', argWords: 0 },
} as const satisfies Record<string, Method>;

export type MethodName = keyof typeof METHODS;
export const METHOD_NAMES = Object.keys(METHODS) as MethodName[];
