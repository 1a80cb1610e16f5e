/**
 * Ledger stage throughput: groupTransactions + buildLedger over wire rows generated in advance, so only
 * the ledger is timed (no SQLite, no JSON, no CSV). Deterministic: the same rows on every run.
 *
 *   node --import tsx bench/ledgerThroughput.ts [transactions=50000] [rounds=5]
 */
import { createHash } from 'node:crypto';
import { getChain } from '../src/chains/chains.js';
import type {
  Stream,
  Wire1155Tx,
  WireInternalTx,
  WireNftTx,
  WireReceipt,
  WireRecordOf,
  WireTokenTx,
  WireTx,
} from '../src/etherscan/wire.js';
import { buildLedger } from '../src/ledger/buildLedger.js';
import { groupTransactions, type StoredRecord } from '../src/ledger/groupTransactions.js';
import type { LedgerContext } from '../src/ledger/LedgerContext.js';

const transactions = Number(process.argv[2] ?? 50_000);
const rounds = Number(process.argv[3] ?? 5);

// mulberry32 keeps the rows identical across runs without a dependency.
let seed = 42;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}
function pick<T>(items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}
function hex(bytes: number): string {
  const buffer = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i += 1) buffer[i] = Math.floor(random() * 256);
  return '0x' + buffer.toString('hex');
}
function amount(digits: number): string {
  const text = [1 + Math.floor(random() * 9)];
  for (let i = 1; i < digits; i += 1) text.push(Math.floor(random() * 10));
  return text.join('');
}

const wallets = Array.from({ length: 5 }, () => hex(20));
const strangers = Array.from({ length: 200 }, () => hex(20));
const routers = Array.from({ length: 5 }, () => hex(20));
const ZERO = '0x0000000000000000000000000000000000000000';
const tokens = [
  { contractAddress: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', tokenName: 'USD Coin', tokenSymbol: 'USDC', tokenDecimal: '6' },
  { contractAddress: '0xdac17f958d2ee523a2206206994597c13d831ec7', tokenName: 'Tether USD', tokenSymbol: 'USDT', tokenDecimal: '6' },
  { contractAddress: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', tokenName: 'Wrapped Ether', tokenSymbol: 'WETH', tokenDecimal: '18' },
  ...Array.from({ length: 30 }, (_, i) => ({
    contractAddress: hex(20),
    tokenName: `Token ${i}`,
    tokenSymbol: `T${i}`,
    tokenDecimal: '18',
  })),
  { contractAddress: hex(20), tokenName: 'Visit claim-rewards.com', tokenSymbol: 'CLAIM', tokenDecimal: '18' },
  { contractAddress: hex(20), tokenName: 'Tether USD', tokenSymbol: 'USDT', tokenDecimal: '6' },
  { contractAddress: hex(20), tokenName: '', tokenSymbol: '', tokenDecimal: '' },
];
const nfts = Array.from({ length: 10 }, (_, i) => ({
  contractAddress: hex(20),
  tokenName: `Collection ${i}`,
  tokenSymbol: `C${i}`,
  tokenDecimal: '0',
}));

const chain = getChain(1);
const context: LedgerContext = {
  chain,
  wallets: new Map(wallets.map((address, i) => [address, { label: `Wallet ${i}` }])),
  labels: Object.fromEntries(routers.map((address, i) => [address, `Router ${i}`])),
  spam: { allow: [], deny: [pick(tokens).contractAddress] },
};

interface TxShape {
  block: string;
  timeStamp: string;
  hash: string;
  index: string;
}

function common(shape: TxShape): { blockNumber: string; timeStamp: string; hash: string; blockHash: string; confirmations: string } {
  return { blockNumber: shape.block, timeStamp: shape.timeStamp, hash: shape.hash, blockHash: hex(32), confirmations: '123456' };
}
function txRow(shape: TxShape, from: string, to: string, value: string, fields: Partial<WireTx> = {}): WireTx {
  return {
    ...common(shape),
    nonce: String(Math.floor(random() * 5000)),
    transactionIndex: shape.index,
    from,
    to,
    value,
    gas: '250000',
    gasPrice: amount(11),
    isError: '0',
    txreceipt_status: '1',
    input: hex(68),
    contractAddress: '',
    cumulativeGasUsed: amount(7),
    gasUsed: amount(5),
    methodId: '0xa9059cbb',
    functionName: 'transfer(address _to, uint256 _value)',
    ...fields,
  };
}
function tokenCommon(
  shape: TxShape,
): Omit<WireTokenTx, 'from' | 'to' | 'contractAddress' | 'value' | 'tokenName' | 'tokenSymbol' | 'tokenDecimal'> {
  return {
    ...common(shape),
    nonce: '12',
    transactionIndex: shape.index,
    gas: '250000',
    gasPrice: amount(11),
    gasUsed: amount(5),
    cumulativeGasUsed: amount(7),
    input: 'deprecated',
    methodId: '0x38ed1739',
    functionName: 'swapExactTokensForTokens(uint256,uint256,address[],address,uint256)',
  };
}
function erc20Row(shape: TxShape, from: string, to: string, token = pick(tokens)): WireTokenTx {
  return { ...tokenCommon(shape), from, to, value: amount(1 + Math.floor(random() * 24)), ...token };
}
function nftRow(shape: TxShape, from: string, to: string): WireNftTx {
  return { ...tokenCommon(shape), from, to, tokenID: amount(4), ...pick(nfts) };
}
function erc1155Row(shape: TxShape, from: string, to: string): Wire1155Tx {
  const { tokenName, tokenSymbol, contractAddress } = pick(nfts);
  return { ...tokenCommon(shape), from, to, tokenID: amount(3), tokenValue: amount(2), tokenName, tokenSymbol, contractAddress };
}
function internalRow(shape: TxShape, from: string, to: string, traceId: string, fields: Partial<WireInternalTx> = {}): WireInternalTx {
  return {
    ...common(shape),
    from,
    to,
    value: amount(16),
    contractAddress: '',
    input: '',
    type: 'call',
    gas: '2300',
    gasUsed: '0',
    traceId,
    isError: '0',
    errCode: '',
    ...fields,
  };
}
function receiptOf(shape: TxShape, from: string, status = '0x1'): WireReceipt {
  return {
    transactionHash: shape.hash,
    blockNumber: '0x' + Number(shape.block).toString(16),
    transactionIndex: '0x' + Number(shape.index).toString(16),
    from,
    to: null,
    gasUsed: '0x' + Math.floor(21_000 + random() * 200_000).toString(16),
    effectiveGasPrice: '0x' + Math.floor(random() * 1e11).toString(16),
    status,
    type: '0x2',
    cumulativeGasUsed: '0x1234',
    logsBloom: '0x' + '0'.repeat(512),
    logs: [],
  };
}

/**
 * One transaction of a realistic wallet history, as the rows of every owned wallet that lists it. The mix
 * leans on token transfers and swaps, as active DeFi wallets do, and covers every stream and category.
 */
function transaction(shape: TxShape, rows: StoredRecord[], receipts: Map<string, WireReceipt>): void {
  const row = <S extends Stream>(wallet: string, stream: S, record: WireRecordOf[S]): void => {
    rows.push({ wallet, stream, record });
  };
  const wallet = pick(wallets);
  const stranger = pick(strangers);
  const kind = random();
  if (kind < 0.2) {
    // Plain send.
    row(wallet, 'txlist', txRow(shape, wallet, stranger, amount(17), { functionName: '', methodId: '0x' }));
    receipts.set(shape.hash, receiptOf(shape, wallet));
  } else if (kind < 0.4) {
    // Inbound token, sometimes an airdrop.
    row(wallet, 'tokentx', erc20Row(shape, stranger, wallet));
  } else if (kind < 0.6) {
    // Swap: ETH or a token out, a token in, a refund by internal call.
    const router = pick(routers);
    row(wallet, 'txlist', txRow(shape, wallet, router, amount(17)));
    row(wallet, 'tokentx', erc20Row(shape, router, wallet));
    if (random() < 0.5) row(wallet, 'tokentx', erc20Row(shape, wallet, router));
    if (random() < 0.5) row(wallet, 'txlistinternal', internalRow(shape, router, wallet, '0_1'));
    row(wallet, 'txlistinternal', internalRow(shape, router, routers[0] as string, '0_2', { type: 'delegatecall' }));
    receipts.set(shape.hash, receiptOf(shape, wallet));
  } else if (kind < 0.7) {
    // Between two owned wallets: both list it.
    const other = pick(wallets.filter((address) => address !== wallet));
    const record = txRow(shape, wallet, other, amount(18), { functionName: '', methodId: '0x' });
    row(wallet, 'txlist', record);
    row(other, 'txlist', record);
    const token = erc20Row(shape, wallet, other);
    row(wallet, 'tokentx', token);
    row(other, 'tokentx', token);
    receipts.set(shape.hash, receiptOf(shape, wallet));
  } else if (kind < 0.8) {
    // NFT mint paid in ETH, plus an ERC-1155 item.
    row(wallet, 'txlist', txRow(shape, wallet, stranger, amount(16)));
    row(wallet, 'tokennfttx', nftRow(shape, ZERO, wallet));
    row(wallet, 'token1155tx', erc1155Row(shape, stranger, wallet));
    receipts.set(shape.hash, receiptOf(shape, wallet));
  } else if (kind < 0.85) {
    // Failed call.
    row(wallet, 'txlist', txRow(shape, wallet, pick(routers), '0', { isError: '1', txreceipt_status: '0' }));
    receipts.set(shape.hash, receiptOf(shape, wallet, '0x0'));
  } else if (kind < 0.9) {
    // Internal-only inflow (no transactionIndex on the row).
    row(wallet, 'txlistinternal', internalRow(shape, pick(routers), wallet, '0'));
  } else {
    // Multi-transfer: several tokens out, as a batch payout.
    row(wallet, 'txlist', txRow(shape, wallet, pick(routers), '0'));
    for (let i = 0; i < 4; i += 1) row(wallet, 'tokentx', erc20Row(shape, wallet, pick(strangers)));
    receipts.set(shape.hash, receiptOf(shape, wallet));
  }
}

function generate(count: number): { rows: StoredRecord[]; receipts: Map<string, WireReceipt> } {
  const rows: StoredRecord[] = [];
  const receipts = new Map<string, WireReceipt>();
  let block = 15_000_000;
  let timeStamp = 1_660_000_000;
  let index = 0;
  for (let i = 0; i < count; i += 1) {
    if (random() < 0.7) {
      block += 1 + Math.floor(random() * 50);
      timeStamp += 12 * (1 + Math.floor(random() * 50));
      index = 0;
    }
    index += 1 + Math.floor(random() * 20);
    transaction({ block: String(block), timeStamp: String(timeStamp), hash: hex(32), index: String(index) }, rows, receipts);
  }
  // The store hands rows ordered by block, wallet, stream, then API order (a stable sort keeps the latter).
  // Through JSON, as the store keeps them: flat strings and one object per stored row, never shared; each
  // txlist row carries its transaction's receipt, as the store's rows do.
  const copies = new Map([...receipts].map(([hash, receipt]) => [hash, JSON.parse(JSON.stringify(receipt)) as WireReceipt]));
  const stored = rows.map((row) => ({
    ...row,
    record: JSON.parse(JSON.stringify(row.record)) as typeof row.record,
    receipt: row.stream === 'txlist' ? (copies.get(row.record.hash) ?? null) : null,
  }));
  stored.sort(
    (a, b) =>
      Number(a.record.blockNumber) - Number(b.record.blockNumber) ||
      (a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0) ||
      (a.stream < b.stream ? -1 : a.stream > b.stream ? 1 : 0),
  );
  return { rows: stored, receipts: copies };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

const { rows, receipts } = generate(transactions);
global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
console.log(
  `${transactions} transactions, ${rows.length} wire rows, ${receipts.size} receipts; heap with the rows ${megabytes(heapBefore)}`,
);

// Untimed: a digest of every entry, so a faster ledger can be shown to produce exactly the same output.
const digest = createHash('sha256');
for (const entry of buildLedger(groupTransactions(chain.id, rows), context)) {
  digest.update(JSON.stringify(entry, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)));
}
console.log(`output digest ${digest.digest('hex').slice(0, 16)}`);

const rates: number[] = [];
const cpuRates: number[] = [];
let peakHeap = 0;
for (let round = 0; round < rounds; round += 1) {
  let entries = 0;
  const started = process.hrtime.bigint();
  const cpuStarted = process.cpuUsage();
  for (const entry of buildLedger(groupTransactions(chain.id, rows), context)) {
    // Touch the entry so the work cannot be skipped.
    if (entry.entryId.length !== 16) throw new Error('bad entry id');
    entries += 1;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuStarted);
  // On a shared machine wall time swings with the neighbours; CPU time (this process, GC included) is steadier.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const heap = process.memoryUsage().heapUsed;
  peakHeap = Math.max(peakHeap, heap);
  rates.push(entries / seconds);
  cpuRates.push(entries / cpuSeconds);
  console.log(
    `round ${round + 1}: ${entries} entries in ${seconds.toFixed(3)} s = ${Math.round(entries / seconds)} entries/s ` +
      `(${Math.round(entries / cpuSeconds)} per CPU second), heap ${megabytes(heap)}`,
  );
}
const median = (values: number[]): number => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0);
console.log(
  `median ${median(rates)} entries/s (${median(cpuRates)} per CPU second), best ${Math.round(Math.max(...rates))} entries/s; ` +
    `heap used by the ledger stage ≤ ${megabytes(Math.max(0, peakHeap - heapBefore))} above the rows, rss ${megabytes(process.memoryUsage().rss)}`,
);
