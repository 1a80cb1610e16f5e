import { describe, expect, it } from '@jest/globals';
import type {
  Stream,
  Wire1155Tx,
  WireInternalTx,
  WireNftTx,
  WireReceipt,
  WireRecord,
  WireTokenTx,
  WireTx,
} from '../../src/etherscan/wire.js';
import { buildLedger } from '../../src/ledger/buildLedger.js';
import { groupTransactions } from '../../src/ledger/groupTransactions.js';
import type { LedgerEntry } from '../../src/ledger/LedgerEntry.js';
import { etherscanSample } from '../support/samples.js';
import { contextOf, erc20, internal, lines, sample, tx } from './build.js';

/** Runs recorded rows of one wallet and stream through grouping and the ledger, oldest block first. */
function ledgerOf(wallets: Record<string, string>, stream: Stream, rows: WireRecord[], receipts: WireReceipt[] = []): LedgerEntry[] {
  const ascending = [...rows].sort((a, b) => Number(a.blockNumber) - Number(b.blockNumber));
  // As the store does: each row carries its transaction's receipt when one is stored.
  const receiptOf = (hash: string): WireReceipt | null => receipts.find((r) => r.transactionHash === hash) ?? null;
  const stored = Object.keys(wallets)
    .flatMap((wallet) => ascending.map((record) => ({ wallet, stream, record, receipt: receiptOf(record.hash) })))
    .sort((a, b) => Number(a.record.blockNumber) - Number(b.record.blockNumber));
  return [...buildLedger(groupTransactions(1, stored), contextOf(1, wallets))];
}

function sum(entries: readonly LedgerEntry[], direction: 'in' | 'out', kind?: string): bigint {
  return entries
    .filter((e) => e.direction === direction && (kind === undefined || e.kind === kind))
    .reduce((total, e) => total + e.amountRaw, 0n);
}

describe('recorded Etherscan rows', () => {
  const failedFile = sample<WireTx>('recorded-txlist-0x4c6adf80-mainnet-2018-failed.json');

  it('failed transfers into a wallet move nothing; the successful ones do', () => {
    const receiver = '0x4c6adf8086df9a1bdab35028b3f9e22be0a79640';
    const entries = ledgerOf({ [receiver]: 'Contract' }, 'txlist', failedFile);
    const failedHashes = failedFile.filter((row) => row.isError === '1').map((row) => row.hash);
    expect(failedHashes).toHaveLength(2);
    expect(entries.filter((e) => failedHashes.includes(e.txHash))).toEqual([]);
    const moved = failedFile.filter((row) => row.isError === '0' && row.to === receiver && row.value !== '0');
    expect(sum(entries, 'in')).toBe(moved.reduce((total, row) => total + BigInt(row.value), 0n));
  });

  it('a failed transfer of 2018 (before London) costs its owned sender the exact list fee only', () => {
    const sender = '0x0e74d9602c8a608afc770a3c9793e4a489e8694a';
    const entries = ledgerOf(
      { [sender]: 'Sender' },
      'txlist',
      failedFile.filter((row) => row.from === sender),
    );
    const failed = entries.filter((e) => e.txHash === '0x958f02049edc544ee1ecd0ac61b066a8a03f7e6b11292471675b6c7e1f647576');
    expect(lines(failed)).toEqual(['Sender out fee 0.000231 ETH failed_fee failed']);
  });

  it('a tokentx row with empty metadata keeps the raw amount and unknown decimals', () => {
    const [row] = sample<WireTokenTx>('recorded-tokentx-empty-token-metadata-mainnet-2018.json');
    const entries = ledgerOf({ '0x87d6303da6886515cbe242aeb43132216310b150': 'Receiver' }, 'tokentx', row === undefined ? [] : [row]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: '21460171416737305000000000', decimals: null, asset: '', note: 'unknown_decimals' });
  });

  it('internal txs of a contract wallet: failed and zero-value (create) traces ignored, sums exact', () => {
    const rows = sample<WireInternalTx>('pcko1-get_internal_txs_by_address_paginated.json');
    const entries = ledgerOf({ '0x2c1ba59d6f58433fb1eaee7d20b26ed83bda51a3': 'Contract' }, 'txlistinternal', rows);
    expect(entries.every((e) => e.kind === 'internal' && e.direction === 'out')).toBe(true);
    expect(entries).toHaveLength(5);
    expect(sum(entries, 'out')).toBe(12_170000000000000000n);
  });

  it('one tx with traceIds 0…5: one entry per trace, refs by position, amounts exact', () => {
    const rows = sample<WireInternalTx>('pcko1-get_internal_txs_by_block_range_paginated.json');
    const hash = '0xcd31cbd995a5363263bde279a5ca00155067db49a1dc0a32b5ddeb6519a0c887';
    const payer = '0x109c4f2ccc82c4d77bde15f306707320294aea3f';
    const payee = '0x881b0a4e9c55d08e31d8d3c022144d75a454211c';
    const entries = ledgerOf(
      { [payer]: 'Payer', [payee]: 'Payee' },
      'txlistinternal',
      rows.filter((row) => row.from === payer),
    );
    const inTx = entries.filter((e) => e.txHash === hash);
    expect(inTx.filter((e) => e.wallet === payer).map((e) => e.provenance.ref)).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(
      sum(
        inTx.filter((e) => e.wallet === payer),
        'out',
      ),
    ).toBe(2_999999999999999994n);
    expect(lines(inTx.filter((e) => e.wallet === payee))).toEqual([
      'Payee in internal 0.5 ETH own_transfer',
      'Payee in internal 0.749999999999999998 ETH own_transfer',
    ]);
    expect(entries.some((e) => e.txHash === rows[0]?.hash)).toBe(false);
  });

  it('the GENESIS row is an incoming genesis allocation without a fee; later sends (2015, before London) pay the exact list fee', () => {
    const rows = sample<WireTx>('pcko1-get_normal_txs_by_address_paginated.json');
    const wallet = '0xddbd2b932c763ba5b1b7ae3b362eac3e8d40121a';
    const entries = ledgerOf({ [wallet]: 'Early' }, 'txlist', rows);
    expect(entries[0]).toMatchObject({ txHash: 'GENESIS_ddbd2b932c763ba5b1b7ae3b362eac3e8d40121a', blockNumber: 0, counterparty: '' });
    expect(lines(entries.slice(0, 3))).toEqual([
      'Early in native 10000 ETH genesis',
      'Early out native 5 ETH transfer',
      'Early out fee 0.0086448 ETH fee',
    ]);
    // Roll-forward to the wei: ins − outs − fees, computed independently from the raw rows.
    const expected = rows.reduce((balance, row) => {
      const value = BigInt(row.value);
      if (row.from === wallet) return balance - value - BigInt(row.gasUsed) * BigInt(row.gasPrice);
      return row.to === wallet ? balance + value : balance;
    }, 0n);
    expect(sum(entries, 'in') - sum(entries, 'out')).toBe(expected);
  });

  it('ERC-1155 and ERC-721 docs rows: counts, token ids, method', () => {
    const [multi] = sample<Wire1155Tx>('docs-token1155tx.json');
    const [kitty] = sample<WireNftTx>('docs-tokennfttx.json');
    const multiEntries = ledgerOf(
      { '0x83f564d180b58ad9a02a449105568189ee7de8cb': 'Collector' },
      'token1155tx',
      multi === undefined ? [] : [multi],
    );
    const kittyEntries = ledgerOf(
      { '0x6975be450864c02b4613023c2152ee0743572325': 'Collector' },
      'tokennfttx',
      kitty === undefined ? [] : [kitty],
    );
    expect(multiEntries[0]).toMatchObject({
      kind: 'erc1155',
      amount: '1',
      decimals: 0,
      tokenId: '10371',
      asset: 'LL',
      assetContract: '0x76be3b62873462d2142405439777e971754e8e77',
    });
    expect(kittyEntries[0]).toMatchObject({ kind: 'erc721', amount: '1', decimals: 0, tokenId: '202106', asset: 'CK', method: 'bid' });
  });

  it('ERC-721 history: mints categorised, per-token counts balance', () => {
    const rows = sample<WireNftTx>('pcko1-get_erc721_token_transfer_events_by_address_and_contract_paginated.json');
    const wallet = '0x6975be450864c02b4613023c2152ee0743572325';
    const entries = ledgerOf({ [wallet]: 'Collector' }, 'tokennfttx', rows);
    expect(entries).toHaveLength(rows.length);
    expect(entries.filter((e) => e.category === 'mint')).toHaveLength(rows.filter((row) => /^0x0+$/.test(row.from)).length);
    const minted = entries.filter((e) => e.tokenId === '1300206');
    expect(minted.map((e) => `${e.direction} ${e.category}`)).toEqual(['in mint', 'out transfer']);
  });

  it('the docs receipt decides the fee of its tx: gasUsed × effectiveGasPrice', () => {
    const [found] = sample<WireReceipt>('docs-eth_getTransactionReceipt.json');
    if (found === undefined) throw new Error('sample missing');
    const sender = found.from;
    const usdt = '0xdac17f958d2ee523a2206206994597c13d831ec7';
    const sent = tx({
      hash: found.transactionHash,
      blockNumber: String(Number(found.blockNumber)),
      from: sender,
      to: usdt,
      gasPrice: '1',
      gasUsed: '1',
    });
    const entries = ledgerOf({ [sender]: 'Payer' }, 'txlist', [sent], [found]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'fee',
      amountRaw: 5265528700360782n,
      amount: '0.005265528700360782',
      provenance: { stream: 'receipt', ref: '0' },
    });
  });
});

type Shape = { txlist: Partial<WireTx>[]; tokentx: Partial<WireTokenTx>[]; txlistinternal?: Partial<WireInternalTx>[] };

/** A recorded shape's rows, filled out with the test defaults for the fields the ledger does not read, through the ledger. */
function shapeLedger(wallet: string, label: string, shape: Shape): LedgerEntry[] {
  const stored = [
    ...shape.txlist.map((record) => ({ wallet, stream: 'txlist' as const, record: tx(record), receipt: null })),
    ...(shape.txlistinternal ?? []).map((record) => ({
      wallet,
      stream: 'txlistinternal' as const,
      record: internal(record),
      receipt: null,
    })),
    ...shape.tokentx.map((record) => ({ wallet, stream: 'tokentx' as const, record: erc20(record), receipt: null })),
  ].sort((a, b) => Number(a.record.blockNumber) - Number(b.record.blockNumber));
  return [...buildLedger(groupTransactions(1, stored), contextOf(1, { [wallet]: label }))];
}

describe('recorded DeFi shapes', () => {
  it('Uniswap V2 liquidity: the add is liquidity_add, the remove liquidity_remove, and each asset nets to the recorded movements', () => {
    const recorded = etherscanSample('recorded-uniswap-v2-liquidity-mainnet-2021.json') as { wallet: string; add: Shape; remove: Shape };
    const add = shapeLedger(recorded.wallet, 'LP', recorded.add);
    const remove = shapeLedger(recorded.wallet, 'LP', recorded.remove);
    expect(lines(add)).toEqual([
      'LP out native 0.042673718176645189 ETH liquidity_add',
      'LP out erc20 100 FOX liquidity_add',
      'LP in erc20 1.888842410762840601 UNI-V2 liquidity_add',
      'LP out fee 0.0269264944 ETH fee',
    ]);
    expect(lines(remove)).toEqual([
      'LP in internal 0.006761476182340434 ETH liquidity_remove',
      'LP out erc20 0.298717642142382954 UNI-V2 liquidity_remove',
      'LP in erc20 15.785079906515930982 FOX liquidity_remove',
      'LP out fee 0.004082585 ETH fee',
    ]);
    expect(add.every((e) => e.method === 'addLiquidityETH' || e.kind === 'fee')).toBe(true);
  });

  it('WETH9 wrap and unwrap: the token leg no list shows is derived from the call, so WETH nets to zero over both', () => {
    const recorded = etherscanSample('recorded-weth9-wrap-unwrap-mainnet-2022.json') as Record<
      'wrap' | 'unwrap',
      Shape & { wallet: string }
    >;
    const wrap = shapeLedger(recorded.wrap.wallet, 'W', recorded.wrap);
    const unwrap = shapeLedger(recorded.unwrap.wallet, 'U', recorded.unwrap);
    expect(lines(wrap)).toEqual([
      'W out native 0.03 ETH wrap',
      'W in erc20 0.03 WETH wrap (derived_from_call)',
      'W out fee 0.002161824 ETH fee (fee_from_list)',
    ]);
    expect(lines(unwrap)).toEqual([
      'U in internal 0.1 ETH unwrap',
      'U out erc20 0.1 WETH unwrap (derived_from_call)',
      'U out fee 0.001489796 ETH fee (fee_from_list)',
    ]);
    // WETH9 moves exactly the native amount: the derived leg equals the ETH that went in or came out.
    expect(sum(wrap, 'in', 'erc20')).toBe(sum(wrap, 'out', 'native'));
    expect(sum(unwrap, 'out', 'erc20')).toBe(sum(unwrap, 'in', 'internal'));
  });
});
