import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { Job } from '../../src/config/Job.js';
import type { BasisLeg } from '../../src/costbasis/BasisLeg.js';
import { basisLegOf } from '../../src/costbasis/basisLegOf.js';
import { replayBasis } from '../../src/costbasis/replayBasis.js';
import type { WireTx } from '../../src/etherscan/wire.js';
import type { LedgerEntry } from '../../src/ledger/LedgerEntry.js';
import { Decimal } from '../../src/ledger/money.js';
import { ledgerFromStore } from '../../src/pipeline/ledgerFromStore.js';
import { periodBounds } from '../../src/pipeline/periodBounds.js';
import { openSqliteStore } from '../../src/store/openSqliteStore.js';
import type { SqliteStore } from '../../src/store/SqliteStore.js';

const WALLET = '0x00000000000000000000000000000000000000aa';
const OTHER = '0x00000000000000000000000000000000000000bb';
const OP_L1_BRIDGE = '0x99c9fc46f92e8a1c0dec1b1747d010903e884be1';
const OP_L2_BRIDGE = '0x4200000000000000000000000000000000000010';
const ONE_ETH = '1000000000000000000';
const T0 = 1_700_000_000;
/** The period starts between the deposit (block 100 on mainnet) and its arrival on OP Mainnet (block 160). */
const START = T0 + 130;

function tx(block: number, hash: string, from: string, to: string, value: string): WireTx {
  return {
    blockNumber: String(block),
    timeStamp: String(T0 + block),
    hash,
    nonce: '1',
    blockHash: '0x1',
    transactionIndex: '0',
    from,
    to,
    value,
    gas: '21000',
    gasPrice: '0',
    isError: '0',
    txreceipt_status: '1',
    input: '0x',
    contractAddress: '',
    cumulativeGasUsed: '1',
    gasUsed: '21000',
    confirmations: '5',
  };
}

/**
 * A bridge whose deposit is before the period and whose arrival is inside it: the ledger before the period and the
 * period's ledger are read apart (opening balances, cost basis), yet each half names the other's leg as its partner,
 * and the replay moves the lot across with its id, time and cost.
 */
describe('a bridge across the period start', () => {
  let dir: string;
  let store: SqliteStore;
  const job = {
    wallets: [{ address: WALLET, label: 'Main', chains: null }],
    labels: {},
    spam: { allow: [], deny: [] },
    period: { startTime: START, endTime: T0 + 1000 },
  } as unknown as Job;
  const chains = [
    { chainId: 1, fromBlock: 130, toBlock: 1000 },
    { chainId: 10, fromBlock: 130, toBlock: 1000 },
  ];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-bridge-'));
    store = openSqliteStore(path.join(dir, 'state.db'));
    const page = { wallet: WALLET, stream: 'txlist' as const, fromBlock: 0, toBlock: 1000 };
    store.commitPage({
      ...page,
      chainId: 1,
      records: [tx(50, '0x50', OTHER, WALLET, ONE_ETH), tx(100, '0x100', WALLET, OP_L1_BRIDGE, ONE_ETH)],
    });
    store.commitPage({ ...page, chainId: 10, records: [tx(160, '0x160', OP_L2_BRIDGE, WALLET, ONE_ETH)] });
  });

  afterEach(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('pairs the deposit before the period with its arrival inside it, in both reads', () => {
    const history = [...periodBounds(store, job, chains).history()];
    const period = [...ledgerFromStore(store, job, chains)()];
    const deposit = history.find((entry) => entry.category === 'bridge') as LedgerEntry;
    const arrival = period.find((entry) => entry.category === 'bridge') as LedgerEntry;
    expect(deposit.note).toContain(`bridged_to 10:0x160:${arrival.entryId}`);
    expect(arrival.note).toContain(`bridged_from 1:0x100:${deposit.entryId}`);

    const valued = (entry: LedgerEntry): BasisLeg =>
      basisLegOf(entry, { value: new Decimal(3000), valueState: 'valued', price: new Decimal(3000), priceSource: 'file' }) as BasisLeg;
    const bought = history.find((entry) => entry.txHash === '0x50') as LedgerEntry;
    const report = replayBasis([...history, ...period].map(valued), {
      settings: { method: 'fifo', scope: 'universal', profile: 'generic', changes: [], unclassifiedOut: 'remove' },
      period: { start: START, end: T0 + 1000 },
      timezone: 'UTC',
    });
    expect(report.issues.filter((issue) => issue.entryId === deposit.entryId || issue.entryId === arrival.entryId)).toEqual([]);
    expect(report.removals).toEqual([]);
    expect(report.openLots).toEqual([
      expect.objectContaining({
        chainId: 10,
        lotId: bought.entryId,
        acquiredAt: T0 + 50,
        quantity: BigInt(ONE_ETH),
        costBasis: new Decimal(3000),
      }),
    ]);
  });
});
