import { describe, expect, it } from '@jest/globals';
import type { Stream, WireReceipt, WireRecordOf } from '../../src/etherscan/wire.js';
import { LedgerscanError } from '../../src/errors/LedgerscanError.js';
import { createHash } from 'node:crypto';
import { entriesForTransaction } from '../../src/ledger/entriesForTransaction.js';
import { entryId, entryIdFromLegacy, LEGACY_ENTRY_ID } from '../../src/ledger/entryId.js';
import type { StoredRecord } from '../../src/ledger/groupTransactions.js';
import type { LedgerContext } from '../../src/ledger/LedgerContext.js';
import { SentTokens } from '../../src/ledger/SentTokens.js';
import {
  ALICE,
  BOB,
  ROUTER,
  SAFE,
  STRANGER,
  TOKEN,
  ZERO,
  contextOf,
  erc1155,
  erc20,
  groupOf,
  internal,
  lines,
  nft,
  receipt,
  tx,
} from './build.js';

const WALLETS = { [ALICE]: 'Alice', [BOB]: 'Bob', [SAFE]: 'Safe' };
const USDC_MAINNET = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const WETH_MAINNET = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
const WETH_OP = '0x4200000000000000000000000000000000000006';
const WETH_ARBITRUM = '0x82af49447d8a07e3bd95bd0d56f35241523fbab1';
const OP_L1_BRIDGE = '0x99c9fc46f92e8a1c0dec1b1747d010903e884be1';
const OP_L2_BRIDGE = '0x4200000000000000000000000000000000000010';
const LP = '0x1b000000000000000000000000000000000000a7';
const ONE_ETH = '1000000000000000000';
/** A mainnet block after London (12,965,000): from here on the txlist gasPrice alone is not the fee. */
const AFTER_LONDON = '13000000';
const PRE_LONDON_RECEIPT = receipt();
delete PRE_LONDON_RECEIPT.effectiveGasPrice;

function row<S extends Stream>(wallet: string, stream: S, record: WireRecordOf[S]): StoredRecord {
  return { wallet, stream, record };
}

interface Case {
  rule: string;
  chainId?: number;
  rows: StoredRecord[];
  receipt?: WireReceipt | null;
  context?: Partial<LedgerContext>;
  expected: string[];
}

// Fees below: receipt 21000 gas × 10 wei = 0.00000000000021 ETH; txlist 21000 gas × 20 wei = 0.00000000000042 ETH.
const cases: Case[] = [
  {
    rule: 'failed tx (isError 1) before London: only the list fee, exact, nothing moved',
    rows: [
      row(ALICE, 'txlist', tx({ value: ONE_ETH, isError: '1', txreceipt_status: '0' })),
      row(ALICE, 'txlistinternal', internal({ value: ONE_ETH })),
      row(ALICE, 'tokentx', erc20({ value: '5' })),
    ],
    expected: ['Alice out fee 0.00000000000042 ETH failed_fee failed'],
  },
  {
    rule: 'failed tx after London without its receipt: the list bid, noted',
    rows: [row(ALICE, 'txlist', tx({ blockNumber: AFTER_LONDON, value: ONE_ETH, isError: '1', txreceipt_status: '0' }))],
    expected: ['Alice out fee 0.00000000000042 ETH failed_fee failed (fee_from_list)'],
  },
  {
    rule: 'fee on chain 1 after London: the receipt effective price',
    rows: [row(ALICE, 'txlist', tx({ blockNumber: AFTER_LONDON }))],
    receipt: { ...receipt(), blockNumber: '0xc65d40' },
    expected: ['Alice out fee 0.00000000000021 ETH fee'],
  },
  {
    rule: 'fee before London with a receipt (--fees receipts): the receipt figure',
    rows: [row(ALICE, 'txlist', tx({ gasPrice: '10' }))],
    receipt: receipt(),
    expected: ['Alice out fee 0.00000000000021 ETH fee'],
  },
  {
    rule: 'fee on a chain of unknown fee model (56): the receipt fields as they come, l1Fee included',
    chainId: 56,
    rows: [row(ALICE, 'txlist', tx())],
    receipt: receipt({ l1Fee: '0x64', blobGasUsed: '0x1', blobGasPrice: '0x1' }),
    expected: ['Alice out fee 0.000000000000210101 BNB fee'],
  },
  {
    rule: 'fee on a chain of unknown fee model without its receipt: the list fee, noted',
    chainId: 56,
    rows: [row(ALICE, 'txlist', tx())],
    expected: ['Alice out fee 0.00000000000042 BNB fee (fee_from_list)'],
  },
  {
    rule: 'failed tx known only from the receipt status 0x0',
    rows: [row(ALICE, 'txlist', tx({ value: ONE_ETH }))],
    receipt: receipt({ status: '0x0' }),
    expected: ['Alice out fee 0.00000000000021 ETH failed_fee failed'],
  },
  {
    rule: 'failed tx received from a stranger: nothing at all',
    rows: [row(ALICE, 'txlist', tx({ from: STRANGER, to: ALICE, value: ONE_ETH, isError: '1', txreceipt_status: '0' }))],
    expected: [],
  },
  {
    rule: 'fee on chain 1: receipt gasUsed × effectiveGasPrice, fee last',
    rows: [row(ALICE, 'txlist', tx({ value: ONE_ETH }))],
    receipt: receipt(),
    expected: ['Alice out native 1 ETH transfer', 'Alice out fee 0.00000000000021 ETH fee'],
  },
  {
    rule: 'fee on chain 10 (op-stack): plus the receipt l1Fee',
    chainId: 10,
    rows: [row(ALICE, 'txlist', tx())],
    receipt: receipt({ l1Fee: '0x64' }),
    expected: ['Alice out fee 0.0000000000002101 ETH fee'],
  },
  {
    rule: 'fee on chain 10 without a receipt: the list fee, no l1Fee, noted',
    chainId: 10,
    rows: [row(ALICE, 'txlist', tx())],
    expected: ['Alice out fee 0.00000000000042 ETH fee (fee_from_list)'],
  },
  {
    rule: 'fee on chain 42161: effectiveGasPrice, never the txlist bid',
    chainId: 42161,
    rows: [row(ALICE, 'txlist', tx({ gasPrice: '100' }))],
    receipt: receipt({ gasUsedForL1: '0x100' }),
    expected: ['Alice out fee 0.00000000000021 ETH fee'],
  },
  {
    rule: 'l1Fee is ignored where the chain does not charge it separately',
    chainId: 42161,
    rows: [row(ALICE, 'txlist', tx())],
    receipt: receipt({ l1Fee: '0x64' }),
    expected: ['Alice out fee 0.00000000000021 ETH fee'],
  },
  {
    rule: 'blob fee: plus blobGasUsed × blobGasPrice',
    rows: [row(ALICE, 'txlist', tx())],
    receipt: receipt({ blobGasUsed: '0x20000', blobGasPrice: '0x2' }),
    expected: ['Alice out fee 0.000000000000472144 ETH fee'],
  },
  {
    rule: 'pre-London receipt without effectiveGasPrice: the list fee, exact',
    rows: [row(ALICE, 'txlist', tx())],
    receipt: PRE_LONDON_RECEIPT,
    expected: ['Alice out fee 0.00000000000042 ETH fee'],
  },
  {
    rule: 'zero fee (deposit tx, gasPrice 0): no entry',
    rows: [row(ALICE, 'txlist', tx({ gasPrice: '0' }))],
    expected: [],
  },
  {
    rule: 'native value in: no fee for the receiver',
    rows: [row(ALICE, 'txlist', tx({ from: STRANGER, to: ALICE, value: ONE_ETH }))],
    receipt: receipt({ from: STRANGER }),
    expected: ['Alice in native 1 ETH transfer'],
  },
  {
    rule: 'contract creation with value: out to the new contract',
    rows: [row(ALICE, 'txlist', tx({ to: '', contractAddress: TOKEN, value: '5' }))],
    receipt: receipt(),
    expected: ['Alice out native 0.000000000000000005 ETH transfer', 'Alice out fee 0.00000000000021 ETH fee'],
  },
  {
    rule: 'internal: failed, delegatecall and zero-value traces ignored',
    rows: [
      row(ALICE, 'txlist', tx({ from: STRANGER, to: ROUTER })),
      row(ALICE, 'txlistinternal', internal({ value: '1', isError: '1', errCode: 'Reverted' })),
      row(ALICE, 'txlistinternal', internal({ value: '2', type: 'delegatecall', traceId: '1' })),
      row(ALICE, 'txlistinternal', internal({ value: '0', traceId: '2' })),
      row(ALICE, 'txlistinternal', internal({ value: '500000000000000000', traceId: '3' })),
    ],
    expected: ['Alice in internal 0.5 ETH transfer'],
  },
  {
    rule: 'internal txs under a failed parent are ignored',
    rows: [
      row(ALICE, 'txlist', tx({ to: ROUTER, isError: '1', txreceipt_status: '0' })),
      row(ALICE, 'txlistinternal', internal({ value: ONE_ETH })),
    ],
    receipt: receipt({ status: '0x0' }),
    expected: ['Alice out fee 0.00000000000021 ETH failed_fee failed'],
  },
  {
    rule: 'a Safe owns its internal outflow; the relayer that sent the tx pays the fee',
    rows: [
      row(SAFE, 'txlist', tx({ from: STRANGER, to: SAFE, functionName: 'execTransaction(address to, uint256 value)' })),
      row(SAFE, 'txlistinternal', internal({ from: SAFE, to: ROUTER, value: ONE_ETH })),
    ],
    expected: ['Safe out internal 1 ETH transfer'],
  },
  {
    rule: 'an owned signer sending the Safe tx pays the fee, never the Safe',
    rows: [
      row(ALICE, 'txlist', tx({ to: SAFE })),
      row(SAFE, 'txlist', tx({ to: SAFE })),
      row(SAFE, 'txlistinternal', internal({ from: SAFE, to: ROUTER, value: ONE_ETH })),
    ],
    receipt: receipt({ to: SAFE }),
    expected: ['Safe out internal 1 ETH transfer', 'Alice out fee 0.00000000000021 ETH fee'],
  },
  {
    rule: 'own-wallet transfer: both rows own_transfer, fee on the sender',
    rows: [row(ALICE, 'txlist', tx({ to: BOB, value: ONE_ETH })), row(BOB, 'txlist', tx({ to: BOB, value: ONE_ETH }))],
    receipt: receipt({ to: BOB }),
    expected: ['Alice out native 1 ETH own_transfer', 'Bob in native 1 ETH own_transfer', 'Alice out fee 0.00000000000021 ETH fee'],
  },
  {
    rule: 'own-wallet NFT move: own_transfer on both sides',
    rows: [row(ALICE, 'tokennfttx', nft({ from: ALICE, to: BOB })), row(BOB, 'tokennfttx', nft({ from: ALICE, to: BOB }))],
    expected: ['Alice out erc721 1 CK own_transfer', 'Bob in erc721 1 CK own_transfer'],
  },
  {
    rule: 'self-transfer: no value entries, the fee kept and noted',
    rows: [row(ALICE, 'txlist', tx({ to: ALICE, value: ONE_ETH })), row(ALICE, 'tokentx', erc20({ from: ALICE, to: ALICE, value: '9' }))],
    receipt: receipt({ to: ALICE }),
    expected: ['Alice out fee 0.00000000000021 ETH fee (self_transfer)'],
  },
  {
    rule: 'trade: ETH for a token, both rows trade',
    rows: [
      row(ALICE, 'txlist', tx({ to: ROUTER, value: ONE_ETH, functionName: 'swapExactETHForTokens(uint256 amountOutMin)' })),
      row(ALICE, 'tokentx', erc20({ from: ROUTER, value: '1500000000' })),
    ],
    receipt: receipt({ to: ROUTER }),
    expected: ['Alice out native 1 ETH trade', 'Alice in erc20 1500 TOK trade', 'Alice out fee 0.00000000000021 ETH fee'],
  },
  {
    rule: 'trade: a token for ETH paid by an internal tx',
    rows: [
      row(ALICE, 'txlist', tx({ to: ROUTER })),
      row(ALICE, 'tokentx', erc20({ from: ALICE, to: ROUTER, value: '2500000' })),
      row(ALICE, 'txlistinternal', internal({ from: ROUTER, value: ONE_ETH })),
    ],
    receipt: receipt({ to: ROUTER }),
    expected: ['Alice in internal 1 ETH trade', 'Alice out erc20 2.5 TOK trade', 'Alice out fee 0.00000000000021 ETH fee'],
  },
  {
    rule: 'not a trade: ETH sent and partly refunded is one asset; what came back is the refund',
    rows: [
      row(ALICE, 'txlist', tx({ to: ROUTER, value: ONE_ETH })),
      row(ALICE, 'txlistinternal', internal({ from: ROUTER, value: '500000000000000000' })),
    ],
    receipt: receipt({ to: ROUTER }),
    expected: ['Alice out native 1 ETH transfer', 'Alice in internal 0.5 ETH transfer (refund)', 'Alice out fee 0.00000000000021 ETH fee'],
  },
  {
    rule: 'refund: swapETHForExactTokens sends ETH, gets the token and the unused ETH back — one trade, the return noted',
    rows: [
      row(
        ALICE,
        'txlist',
        tx({
          to: ROUTER,
          value: ONE_ETH,
          functionName: 'swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline)',
        }),
      ),
      row(ALICE, 'tokentx', erc20({ from: ROUTER, value: '2000000' })),
      row(ALICE, 'txlistinternal', internal({ from: ROUTER, value: '150000000000000000' })),
    ],
    receipt: receipt({ to: ROUTER }),
    expected: [
      'Alice out native 1 ETH trade',
      'Alice in internal 0.15 ETH trade (refund)',
      'Alice in erc20 2 TOK trade',
      'Alice out fee 0.00000000000021 ETH fee',
    ],
  },
  {
    rule: 'refund: a token sent and more of it received back is netted the other way',
    rows: [
      row(ALICE, 'tokentx', erc20({ from: ALICE, to: ROUTER, value: '1000000' })),
      row(ALICE, 'tokentx', erc20({ from: ROUTER, value: '3000000' })),
      row(ALICE, 'txlistinternal', internal({ from: ALICE, to: ROUTER, value: ONE_ETH })),
    ],
    expected: ['Alice out internal 1 ETH trade', 'Alice out erc20 1 TOK trade (netted)', 'Alice in erc20 3 TOK trade'],
  },
  {
    rule: 'liquidity add: two assets out (ETH with a refund), one LP token minted in',
    rows: [
      row(ALICE, 'txlist', tx({ to: ROUTER, value: ONE_ETH, functionName: 'addLiquidityETH(address token, uint256 amountTokenDesired)' })),
      row(ALICE, 'tokentx', erc20({ from: ALICE, to: LP, value: '5000000' })),
      row(
        ALICE,
        'tokentx',
        erc20({ from: ZERO, to: ALICE, contractAddress: LP, tokenSymbol: 'UNI-V2', tokenDecimal: '18', value: '7000000000000000000' }),
      ),
      row(ALICE, 'txlistinternal', internal({ from: ROUTER, value: '10000000000000000' })),
    ],
    receipt: receipt({ to: ROUTER }),
    expected: [
      'Alice out native 1 ETH liquidity_add',
      'Alice in internal 0.01 ETH liquidity_add (refund)',
      'Alice out erc20 5 TOK liquidity_add',
      'Alice in erc20 7 UNI-V2 liquidity_add',
      'Alice out fee 0.00000000000021 ETH fee',
    ],
  },
  {
    rule: 'liquidity remove: the LP token returned to its pair contract, two assets back',
    rows: [
      row(ALICE, 'txlist', tx({ to: ROUTER, functionName: 'removeLiquidityETH(address token, uint256 liquidity)' })),
      row(
        ALICE,
        'tokentx',
        erc20({ from: ALICE, to: LP, contractAddress: LP, tokenSymbol: 'UNI-V2', tokenDecimal: '18', value: '7000000000000000000' }),
      ),
      row(ALICE, 'tokentx', erc20({ from: ROUTER, value: '5000000' })),
      row(ALICE, 'txlistinternal', internal({ from: ROUTER, value: ONE_ETH })),
    ],
    receipt: receipt({ to: ROUTER }),
    expected: [
      'Alice in internal 1 ETH liquidity_remove',
      'Alice out erc20 7 UNI-V2 liquidity_remove',
      'Alice in erc20 5 TOK liquidity_remove',
      'Alice out fee 0.00000000000021 ETH fee',
    ],
  },
  {
    rule: 'liquidity remove: the LP token burnt from the wallet (Curve style)',
    rows: [
      row(
        ALICE,
        'tokentx',
        erc20({ from: ALICE, to: ZERO, contractAddress: LP, tokenSymbol: 'crvLP', tokenDecimal: '18', value: '1000000000000000000' }),
      ),
      row(ALICE, 'tokentx', erc20({ from: ROUTER, value: '5000000' })),
      row(ALICE, 'tokentx', erc20({ from: ROUTER, contractAddress: USDC_MAINNET, tokenSymbol: 'USDC', value: '6000000' })),
    ],
    expected: [
      'Alice out erc20 1 crvLP liquidity_remove',
      'Alice in erc20 5 TOK liquidity_remove',
      'Alice in erc20 6 USDC liquidity_remove',
    ],
  },
  {
    rule: 'not liquidity: two assets for one that was not minted is a trade (batched or multi-hop swap)',
    rows: [
      row(ALICE, 'tokentx', erc20({ from: ALICE, to: ROUTER, value: '5000000' })),
      row(ALICE, 'tokentx', erc20({ from: ALICE, to: ROUTER, contractAddress: USDC_MAINNET, tokenSymbol: 'USDC', value: '6000000' })),
      row(
        ALICE,
        'tokentx',
        erc20({ from: ROUTER, contractAddress: LP, tokenSymbol: 'GNO', tokenDecimal: '18', value: '11000000000000000000' }),
      ),
    ],
    expected: ['Alice out erc20 5 TOK trade', 'Alice out erc20 6 USDC trade', 'Alice in erc20 11 GNO trade'],
  },
  {
    rule: 'batched swap: two assets out, two others in, one trade',
    rows: [
      row(ALICE, 'tokentx', erc20({ from: ALICE, to: ROUTER, value: '5000000' })),
      row(ALICE, 'tokentx', erc20({ from: ROUTER, contractAddress: USDC_MAINNET, tokenSymbol: 'USDC', value: '6000000' })),
      row(ALICE, 'txlistinternal', internal({ from: ALICE, to: ROUTER, value: ONE_ETH })),
      row(
        ALICE,
        'tokentx',
        erc20({ from: ROUTER, contractAddress: LP, tokenSymbol: 'GNO', tokenDecimal: '18', value: '11000000000000000000' }),
      ),
    ],
    expected: [
      'Alice out internal 1 ETH trade',
      'Alice out erc20 5 TOK trade',
      'Alice in erc20 6 USDC trade',
      'Alice in erc20 11 GNO trade',
    ],
  },
  {
    rule: 'wrap on mainnet: WETH9 lists no Transfer, so the WETH leg is derived from the ETH sent with deposit()',
    rows: [row(ALICE, 'txlist', tx({ to: WETH_MAINNET, value: ONE_ETH, functionName: 'deposit()' }))],
    receipt: receipt({ to: WETH_MAINNET }),
    expected: ['Alice out native 1 ETH wrap', 'Alice in erc20 1 WETH wrap (derived_from_call)', 'Alice out fee 0.00000000000021 ETH fee'],
  },
  {
    rule: 'unwrap on mainnet: the WETH leg is derived from the ETH withdraw() pays back',
    rows: [
      row(ALICE, 'txlist', tx({ to: WETH_MAINNET, functionName: 'withdraw(uint256 wad)' })),
      row(ALICE, 'txlistinternal', internal({ from: WETH_MAINNET, value: ONE_ETH })),
    ],
    receipt: receipt({ to: WETH_MAINNET }),
    expected: [
      'Alice in internal 1 ETH unwrap',
      'Alice out erc20 1 WETH unwrap (derived_from_call)',
      'Alice out fee 0.00000000000021 ETH fee',
    ],
  },
  {
    rule: 'wrap on OP Mainnet: the predeploy copied from WETH9 is treated the same',
    chainId: 10,
    rows: [row(ALICE, 'txlist', tx({ to: WETH_OP, value: ONE_ETH, functionName: 'deposit()', gasPrice: '0' }))],
    expected: ['Alice out native 1 ETH wrap', 'Alice in erc20 1 WETH wrap (derived_from_call)'],
  },
  {
    rule: 'wrap on Arbitrum: its WETH emits Transfer, so the listed row is used and nothing is derived',
    chainId: 42161,
    rows: [
      row(ALICE, 'txlist', tx({ to: WETH_ARBITRUM, value: ONE_ETH, functionName: 'deposit()', gasPrice: '0' })),
      row(
        ALICE,
        'tokentx',
        erc20({
          from: ZERO,
          contractAddress: WETH_ARBITRUM,
          tokenSymbol: 'WETH',
          tokenName: 'Wrapped Ether',
          tokenDecimal: '18',
          value: ONE_ETH,
        }),
      ),
    ],
    expected: ['Alice out native 1 ETH wrap', 'Alice in erc20 1 WETH wrap'],
  },
  {
    rule: 'bridge: ETH into the OP Mainnet L1StandardBridge is a bridge leg, unmatched until the other chain is seen',
    rows: [
      row(
        ALICE,
        'txlist',
        tx({ to: OP_L1_BRIDGE, value: ONE_ETH, functionName: 'depositETH(uint32 _minGasLimit, bytes _extraData)', gasPrice: '0' }),
      ),
    ],
    expected: ['Alice out native 1 ETH bridge (bridge_unmatched)'],
  },
  {
    rule: 'bridge: ETH arriving on OP Mainnet from the L2StandardBridge predeploy',
    chainId: 10,
    rows: [row(ALICE, 'txlistinternal', internal({ from: OP_L2_BRIDGE, value: ONE_ETH }))],
    expected: ['Alice in internal 1 ETH bridge (bridge_unmatched)'],
  },
  {
    rule: 'NFTs: ERC-721 amount 1; ERC-1155 amount tokenValue',
    rows: [row(ALICE, 'tokennfttx', nft()), row(ALICE, 'token1155tx', erc1155({ tokenValue: '5' }))],
    expected: ['Alice in erc721 1 CK transfer', 'Alice in erc1155 5 ITM transfer'],
  },
  {
    rule: 'NFTs: mint from the zero address',
    rows: [row(ALICE, 'tokennfttx', nft({ from: ZERO, tokenID: '1' }))],
    expected: ['Alice in erc721 1 CK mint'],
  },
  {
    rule: 'NFTs: burn to the zero address',
    rows: [row(ALICE, 'token1155tx', erc1155({ from: ALICE, to: ZERO, tokenValue: '3' }))],
    expected: ['Alice out erc1155 3 ITM burn'],
  },
  {
    rule: 'a paid mint is a trade, so the cost and the acquisition pair up',
    rows: [row(ALICE, 'txlist', tx({ to: TOKEN, value: ONE_ETH })), row(ALICE, 'tokennfttx', nft({ from: ZERO }))],
    receipt: receipt({ to: TOKEN }),
    expected: ['Alice out native 1 ETH trade', 'Alice in erc721 1 CK trade', 'Alice out fee 0.00000000000021 ETH fee'],
  },
  {
    rule: 'token metadata: tokenDecimal "" → decimals unknown, raw amount',
    rows: [row(ALICE, 'tokentx', erc20({ value: '1234567', tokenDecimal: '', tokenName: '', tokenSymbol: '' }))],
    expected: ['Alice in erc20 1234567  transfer (unknown_decimals)'],
  },
  {
    rule: 'token metadata: tokenDecimal "0" with empty name and symbol → unknown metadata',
    rows: [row(ALICE, 'tokentx', erc20({ value: '1234567', tokenDecimal: '0', tokenName: '', tokenSymbol: '' }))],
    expected: ['Alice in erc20 1234567  transfer (unknown_metadata)'],
  },
  {
    rule: 'token metadata: a real 0-decimals token stays 0',
    rows: [row(ALICE, 'tokentx', erc20({ value: '1234567', tokenDecimal: '0', tokenSymbol: 'WHOLE' }))],
    expected: ['Alice in erc20 1234567 WHOLE transfer'],
  },
  {
    rule: 'spam: unsolicited inbound token with a URL-like name',
    rows: [row(ALICE, 'tokentx', erc20({ value: '1000000', tokenName: 'Claim rewards at usdc-gift.com', tokenSymbol: 'CLAIM' }))],
    expected: ['Alice in erc20 1 CLAIM transfer [call_to_action]'],
  },
  {
    rule: 'spam: a domain in the name without a call to action',
    rows: [row(ALICE, 'tokentx', erc20({ value: '1000000', tokenName: 'pepe-coin.xyz', tokenSymbol: 'PEPE' }))],
    expected: ['Alice in erc20 1 PEPE transfer [url_in_name]'],
  },
  {
    rule: 'spam: a symbol starting with a formula character (@, +, -, =)',
    rows: [
      row(ALICE, 'tokentx', erc20({ value: '1000000', tokenName: 'Bonus', tokenSymbol: '@BONUS' })),
      row(ALICE, 'tokentx', erc20({ value: '1000000', tokenName: '+RWD', tokenSymbol: 'RWD', contractAddress: LP })),
    ],
    expected: ['Alice in erc20 1 @BONUS transfer [formula_in_name]', 'Alice in erc20 1 RWD transfer [formula_in_name]'],
  },
  {
    rule: 'spam: an amount of at least 2^255 no real token moves, even in a tx the wallet sent',
    rows: [
      row(ALICE, 'txlist', tx({ to: ROUTER, gasPrice: '0' })),
      row(ALICE, 'tokentx', erc20({ from: ROUTER, value: (1n << 255n).toString(), tokenDecimal: '0', tokenSymbol: 'BIG' })),
    ],
    expected: [`Alice in erc20 ${(1n << 255n).toString()} BIG transfer [absurd_amount]`],
  },
  {
    rule: 'spam: an amount just below 2^255 is not judged by its size',
    rows: [row(ALICE, 'tokentx', erc20({ from: ROUTER, value: ((1n << 255n) - 1n).toString(), tokenDecimal: '0', tokenSymbol: 'BIG' }))],
    expected: [`Alice in erc20 ${((1n << 255n) - 1n).toString()} BIG transfer`],
  },
  {
    rule: 'spam: a URL-like name in a tx the wallet sent itself is solicited',
    rows: [
      row(ALICE, 'txlist', tx({ to: ROUTER, gasPrice: '0' })),
      row(ALICE, 'tokentx', erc20({ from: ROUTER, value: '1000000', tokenName: 'yearn.finance', tokenSymbol: 'YFI' })),
    ],
    expected: ['Alice in erc20 1 YFI transfer'],
  },
  {
    rule: 'spam: USDC symbol from an unknown contract on chain 1',
    rows: [row(ALICE, 'tokentx', erc20({ value: '1000000', tokenSymbol: 'USDC', tokenName: 'USD Coin' }))],
    expected: ['Alice in erc20 1 USDC transfer [impersonates_USDC]'],
  },
  {
    rule: 'spam: the real USDC contract on chain 1 is fine',
    rows: [row(ALICE, 'tokentx', erc20({ contractAddress: USDC_MAINNET, value: '1000000', tokenSymbol: 'USDC' }))],
    expected: ['Alice in erc20 1 USDC transfer'],
  },
  {
    rule: 'spam: a token calling itself the native coin',
    chainId: 42161,
    rows: [row(ALICE, 'tokentx', erc20({ value: '1000000', tokenSymbol: 'eth', tokenDecimal: '6' }))],
    expected: ['Alice in erc20 1 eth transfer [impersonates_ETH]'],
  },
  {
    rule: 'spam: chains without a table of real contracts are not checked for impersonation',
    chainId: 137,
    rows: [row(ALICE, 'tokentx', erc20({ value: '1000000', tokenSymbol: 'USDC' }))],
    expected: ['Alice in erc20 1 USDC transfer'],
  },
  {
    rule: 'spam: the job allow list wins over every rule',
    rows: [row(ALICE, 'tokentx', erc20({ value: '1000000', tokenSymbol: 'USDC' }))],
    context: { spam: { allow: [TOKEN.toUpperCase().replace('0X', '0x')], deny: [] } },
    expected: ['Alice in erc20 1 USDC transfer'],
  },
  {
    rule: 'spam: the job deny list flags even a sent token',
    rows: [row(ALICE, 'tokentx', erc20({ from: ALICE, to: STRANGER, value: '1000000' }))],
    context: { spam: { allow: [], deny: [TOKEN] } },
    expected: ['Alice out erc20 1 TOK transfer [deny_list]'],
  },
];

describe('entriesForTransaction rules', () => {
  it.each(cases.map((c) => [c.rule, c] as const))('%s', (_rule, c) => {
    const group = groupOf(c.chainId ?? 1, c.rows, c.receipt ?? null);
    const entries = entriesForTransaction(group, contextOf(c.chainId ?? 1, WALLETS, c.context));
    expect(lines(entries)).toEqual(c.expected);
    expect(entries.map((entry) => entry.order)).toEqual(entries.map((_, index) => index));
    for (const entry of entries) expect(entry.amountRaw > 0n).toBe(true);
  });
});

describe('entry fields', () => {
  const swap = groupOf(
    1,
    [
      row(ALICE, 'txlist', tx({ to: ROUTER, value: ONE_ETH, functionName: 'swapExactETHForTokens(uint256 amountOutMin)' })),
      row(ALICE, 'tokentx', erc20({ from: ROUTER, value: '1500000000' })),
    ],
    receipt({ to: ROUTER }),
  );
  const context = contextOf(1, WALLETS, { labels: { [ROUTER]: 'Uniswap router' } });

  it('labels the wallet and the counterparty and names the method', () => {
    const [native, token, fee] = entriesForTransaction(swap, context);
    expect(native).toMatchObject({
      wallet: ALICE,
      walletLabel: 'Alice',
      counterparty: ROUTER,
      counterpartyLabel: 'Uniswap router',
      method: 'swapExactETHForTokens',
    });
    expect(token).toMatchObject({
      kind: 'erc20',
      assetContract: TOKEN,
      decimals: 6,
      amountRaw: 1500000000n,
      provenance: { stream: 'tokentx', ref: '0' },
    });
    expect(fee).toMatchObject({ counterparty: '', provenance: { stream: 'receipt', ref: '0' }, status: 'ok' });
  });

  it('labels an owned counterparty with its wallet label', () => {
    const transfer = groupOf(1, [row(ALICE, 'txlist', tx({ to: BOB, value: ONE_ETH }))]);
    expect(entriesForTransaction(transfer, context)[0]).toMatchObject({ counterparty: BOB, counterpartyLabel: 'Bob' });
  });

  it('gives stable ids: same across runs, distinct for identical rows, unchanged when the receipt arrives', () => {
    const rows = [row(ALICE, 'txlist', tx()), row(ALICE, 'tokentx', erc20({ value: '1' })), row(ALICE, 'tokentx', erc20({ value: '1' }))];
    const first = entriesForTransaction(groupOf(1, rows), context).map((entry) => entry.entryId);
    const again = entriesForTransaction(groupOf(1, rows), context).map((entry) => entry.entryId);
    const withReceipt = entriesForTransaction(groupOf(1, rows, receipt()), context).map((entry) => entry.entryId);
    expect(first).toHaveLength(3);
    expect(new Set(first).size).toBe(3);
    expect(again).toEqual(first);
    expect(withReceipt).toEqual(first);
    for (const id of first) expect(id).toMatch(/^x[0-9a-f]{16}$/);
  });

  it('gives ids no spreadsheet or parser reads as a number, each its legacy id behind the letter', () => {
    // The legacy id of this source, as filed before the letter: sha256 of the same text, cut to 16 hex digits.
    const source = { chainId: 1, txHash: '0xabc', wallet: ALICE, stream: 'txlist', ref: '0', leg: 'value' } as const;
    const legacy = createHash('sha256').update(`1|0xabc|${ALICE}|txlist|0|value`).digest('hex').slice(0, 16);
    expect(entryId(source)).toBe(entryIdFromLegacy(legacy));
    expect(LEGACY_ENTRY_ID.test(legacy)).toBe(true);
    expect(LEGACY_ENTRY_ID.test(entryId(source))).toBe(false);
    // Both forms the issue saw rounded: all digits, and digits with an `e` that reads as an exponent.
    for (const old of ['3814432126955387', '6887072246443e38']) {
      const id = entryIdFromLegacy(old);
      expect([Number(id), parseFloat(id)]).toEqual([NaN, NaN]);
    }
  });

  it('keeps a 2^256−1 token amount exact', () => {
    const max = 2n ** 256n - 1n;
    const group = groupOf(1, [row(ALICE, 'tokentx', erc20({ value: max.toString(), tokenDecimal: '18' }))]);
    const [entry] = entriesForTransaction(group, context);
    expect(entry?.amountRaw).toBe(max);
    expect(entry?.amount).toBe('115792089237316195423570985008687907853269984665640564039457.584007913129639935');
  });

  it('names the transaction when a stored amount is unreadable', () => {
    const group = groupOf(1, [row(ALICE, 'tokentx', erc20({ value: '1e18' }))]);
    expect(() => entriesForTransaction(group, context)).toThrow(LedgerscanError);
    expect(() => entriesForTransaction(group, context)).toThrow(/unreadable amount.*tx: 0xabab.*"1e18"/);
  });

  it('ignores records of wallets that are not in the job on this chain', () => {
    const group = groupOf(1, [row(STRANGER, 'txlist', tx({ from: STRANGER, to: ALICE, value: ONE_ETH }))]);
    expect(entriesForTransaction(group, context)).toEqual([]);
  });

  it('does not flag a URL-named token the wallet has sent before', () => {
    const history = new SentTokens();
    const sent = groupOf(1, [row(ALICE, 'tokentx', erc20({ from: ALICE, to: STRANGER, value: '1', tokenName: 'site.xyz' }))]);
    for (const entry of entriesForTransaction(sent, context, history)) history.record(entry);
    const back = groupOf(1, [row(ALICE, 'tokentx', erc20({ value: '1', tokenName: 'site.xyz' }))]);
    expect(entriesForTransaction(back, context)[0]?.spam).toBe('url_in_name');
    expect(entriesForTransaction(back, context, history)[0]?.spam).toBe('');
  });

  it('flags address poisoning: a token from a look-alike of an address the wallet paid, never the real one', () => {
    const history = new SentTokens();
    const real = '0x1234000000000000000000000000000000005678';
    const lookalike = '0x1234ffffffffffffffffffffffffffffffff5678';
    const paid = groupOf(1, [row(ALICE, 'txlist', tx({ to: real, value: ONE_ETH, gasPrice: '0' }))]);
    for (const entry of entriesForTransaction(paid, context, history)) history.record(entry);
    const fake = groupOf(1, [row(ALICE, 'tokentx', erc20({ from: lookalike, value: '1' }))]);
    const genuine = groupOf(1, [row(ALICE, 'tokentx', erc20({ from: real, value: '1' }))]);
    expect(entriesForTransaction(fake, context, history)[0]?.spam).toBe('address_poisoning');
    expect(entriesForTransaction(fake, context)[0]?.spam).toBe('');
    expect(entriesForTransaction(genuine, context, history)[0]?.spam).toBe('');
  });

  it('gives a derived wrap leg an id of its own, apart from the native leg it comes from', () => {
    const wrap = groupOf(1, [row(ALICE, 'txlist', tx({ to: WETH_MAINNET, value: ONE_ETH, gasPrice: '0' }))]);
    const [native, token] = entriesForTransaction(wrap, context);
    expect(token).toMatchObject({ kind: 'erc20', assetContract: WETH_MAINNET, provenance: { stream: 'txlist', ref: '0' } });
    expect(token?.entryId).not.toBe(native?.entryId);
  });
});
