import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { formatUnits } from '../../src/ledger/money.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { WORLD_END } from '../../src/sandbox/worldSpan.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import { MAX_UINT256 } from '../../src/sandbox/World.js';
import { worldLabelList, worldTags } from '../../src/sandbox/worldTags.js';
import { exportLedger, type LedgerExport, type LedgerRow } from '../support/exportLedger.js';
import { expectedLegs, isFailed, legOf, receiptFee, WETH } from './expectedLegs.js';
import { type WorldTx, WorldView } from './WorldView.js';

/**
 * Every rule of docs/ledger-rules.md, checked on the ledger.csv that the real pipeline (CLI → sync →
 * store → ledger → template) writes for one sandbox world holding every special case on chains 1, 10
 * and 42161. Expectations come from the API's own rows (txlist, internal, token rows, receipts).
 */

const CHAINS = [1, 10, 42161] as const;
/** The canonical bridges the world's transactions use (OP L1StandardBridge, OP L2StandardBridge, ArbSys, Arbitrum Bridge). */
const BRIDGES = [
  '0x99c9fc46f92e8a1c0dec1b1747d010903e884be1',
  '0x4200000000000000000000000000000000000010',
  '0x0000000000000000000000000000000000000064',
  '0x8315177ab297ba92a06054ce80a67ed4dbd7ed3a',
];
const RATE = 2000;
const day = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 10);
const unix = (row: LedgerRow): number => Date.parse(row.timestamp) / 1000;
const functionNameOf = (worldTx: WorldTx): string => worldTx.tx.functionName.split('(')[0]!.trim();
/** The method the ledger can know: none for a transaction its wallets see only through internal rows. */
const methodOf = (worldTx: WorldTx): string => (view.seenOnlyInternally(worldTx) ? '' : functionNameOf(worldTx));
/** What a spreadsheet would run as a formula, prefixed the way the rule says. */
const neutralised = (label: string): string => (/^[=+\-@\t\r]/.test(label) ? `'${label}` : label);

/** Unix seconds of midnight starting `isoDay` in `zone` (no DST change happens at midnight in the zones used here). */
function midnightIn(zone: string, isoDay: string): number {
  const noon = new Date(`${isoDay}T12:00:00Z`);
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(noon)
    .find((part) => part.type === 'timeZoneName')!.value;
  const match = /GMT([+-])(\d\d):(\d\d)/.exec(name);
  const minutes = match === null ? 0 : (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  return Date.parse(`${isoDay}T00:00:00Z`) / 1000 - minutes * 60;
}

/** Mainnet's genesis day: the world's span starts in 2024, but its genesis allocation is at block 0. */
const FROM = '2015-07-30';
const TO = day(WORLD_END - 1);

// Scale 0.3 keeps both full exports fast; the generator adds every special case whatever the scale.
const world = generateWorld({ seed: 1, scale: 0.3, chains: CHAINS });
const view = new WorldView(world);
const main = view.wallet('Main');
const trading = view.wallet('Trading');
const cold = view.wallet('Cold');
const safe = view.wallet('Safe');

/** Job labels: one plain, the others chosen to start with every character a spreadsheet treats as a formula. */
const LABELS: Record<string, string> = {
  [view.contract(1, 'router')]: 'Uniswap V2 Router',
  [view.contract(1, 'distributor')]: '=HYPERLINK("https://claim-rewards.xyz","Claim")',
  [view.contract(1, 'exchange')]: '+Exchange',
  [view.contract(1, 'bridge')]: '@Bridge',
  [view.contract(1, 'spammer')]: '-Spammer',
  [view.contract(10, 'bridge')]: '\rBridge',
  [view.contract(42161, 'exchange')]: '\tExchange',
};

function job(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    wallets: world.wallets.map((wallet) => ({ address: wallet.address, label: wallet.label, chains: [...wallet.chains] })),
    chains: [...CHAINS],
    labels: LABELS,
    api: { rate: RATE },
    ...extra,
  };
}

let sandbox: Sandbox;
let dir: string;
/** The whole span, fresh store. */
let a: LedgerExport;
/** The same span again into a fresh store, with spam allow/deny lists. */
let b: LedgerExport;
const byTx = new Map<string, LedgerRow[]>();
const rowsOf = (worldTx: WorldTx, rows: LedgerRow[] | undefined = undefined): LedgerRow[] =>
  rows === undefined
    ? (byTx.get(`${worldTx.chainId}|${worldTx.hash}`) ?? [])
    : rows.filter((row) => row.chain_id === String(worldTx.chainId) && row.tx_hash === worldTx.hash);

/** The world's transactions inside the exported block range of their chain. */
function exported(chainId: number, filter: (worldTx: WorldTx) => boolean = () => true): WorldTx[] {
  const range = a.blockRanges[String(chainId)]!;
  return view.txs(chainId).filter((worldTx) => {
    const block = Number(worldTx.tx.blockNumber);
    return block >= range.fromBlock && block <= range.toBlock && filter(worldTx);
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ world, rate: RATE });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-ledger-world-'));
  const period = ['--from', FROM, '--to', TO];
  a = await exportLedger(sandbox, path.join(dir, 'a'), { job: job(), state: path.join(dir, 'a.db'), flags: period });
  const spam = { allow: [view.token(1, 'spamEth')], deny: [view.token(1, 'dai')] };
  b = await exportLedger(sandbox, path.join(dir, 'b'), { job: job({ spam }), state: path.join(dir, 'b.db'), flags: period });
  for (const row of a.rows) {
    const key = `${row.chain_id}|${row.tx_hash}`;
    const list = byTx.get(key);
    if (list === undefined) byTx.set(key, [row]);
    else list.push(row);
  }
});

afterAll(async () => {
  await sandbox?.close();
  if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the export', () => {
  it('exports all three chains over blocks from genesis, with thousands of rows', () => {
    expect(Object.keys(a.blockRanges).sort()).toEqual(['1', '10', '42161']);
    for (const chainId of CHAINS) expect(a.blockRanges[String(chainId)]!.fromBlock).toBe(0);
    expect(a.rows.length).toBeGreaterThan(2000);
  });
});

describe('input: one transaction at a time', () => {
  it('groups rows by transaction: each transaction is one run of rows, its legs exactly those the rules give', () => {
    const seen = new Set<string>();
    let previous = '';
    for (const row of a.rows) {
      const key = `${row.chain_id}|${row.tx_hash}`;
      if (key !== previous) {
        expect(seen.has(key)).toBe(false);
        seen.add(key);
        previous = key;
      }
    }
    let expectedRows = 0;
    for (const chainId of CHAINS) {
      for (const worldTx of exported(chainId)) {
        const legs = expectedLegs(view, worldTx);
        expectedRows += legs.length;
        expect({ hash: worldTx.hash, legs: rowsOf(worldTx).map(legOf) }).toEqual({ hash: worldTx.hash, legs });
      }
    }
    expect(a.rows.length).toBe(expectedRows);
  });

  it('tells two identical Transfer rows of one transaction apart by position: two entries, two ids', () => {
    const duplicated = exported(1, (t) => t.tokens.length === 2 && JSON.stringify(t.tokens[0]) === JSON.stringify(t.tokens[1]));
    expect(duplicated).toHaveLength(1);
    const worldTx = duplicated[0]!;
    const rows = rowsOf(worldTx);
    expect(rows.map(legOf)).toEqual([
      {
        wallet: main.address,
        direction: 'in',
        kind: 'erc20',
        asset_contract: view.token(1, 'usdc'),
        token_id: '',
        amount_raw: '100000000',
        counterparty: view.contract(1, 'distributor'),
      },
      {
        wallet: main.address,
        direction: 'in',
        kind: 'erc20',
        asset_contract: view.token(1, 'usdc'),
        token_id: '',
        amount_raw: '100000000',
        counterparty: view.contract(1, 'distributor'),
      },
    ]);
    expect(rows.map((row) => row.amount)).toEqual(['100', '100']);
    expect(new Set(rows.map((row) => row.entry_id)).size).toBe(2);
  });

  it('sorts a transaction seen only through internal rows first in its block, with no method and no fee', () => {
    const internalOnly = exported(1, (t) => view.seenOnlyInternally(t));
    expect(internalOnly).toHaveLength(1);
    const worldTx = internalOnly[0]!;
    expect(
      rowsOf(worldTx).map((row) => [row.wallet, row.kind, row.direction, row.amount, row.counterparty, row.method, row.category]),
    ).toEqual([[main.address, 'internal', 'in', '0.3', view.contract(1, 'distributor'), '', 'transfer']]);
    // Main's own transaction came earlier in the same block; the internal-only one is listed before it anyway.
    const block = a.rows.filter((row) => row.chain_id === '1' && row.block_number === worldTx.tx.blockNumber);
    const own = block.filter((row) => row.tx_hash !== worldTx.hash);
    expect(own.length).toBeGreaterThan(0);
    expect(Number(view.byHash(1, own[0]!.tx_hash).tx.transactionIndex)).toBeLessThan(Number(worldTx.tx.transactionIndex));
    expect(block[0]!.tx_hash).toBe(worldTx.hash);
  });

  it('writes hashes and wallets lowercase and keeps GENESIS_ pseudo hashes as sent', () => {
    const bad = a.rows.filter(
      (row) => !/^(0x[0-9a-f]{64}|GENESIS_[0-9a-f]{40})$/.test(row.tx_hash) || !/^0x[0-9a-f]{40}$/.test(row.wallet),
    );
    expect(bad).toEqual([]);
    expect(a.rows.filter((row) => row.tx_hash.startsWith('GENESIS_')).map((row) => row.tx_hash)).toEqual([
      `GENESIS_${main.address.slice(2)}`,
    ]);
  });

  it('reads each owned wallet only from its own rows, and ignores rows of wallets not in the job', async () => {
    const toCold = exported(1, (t) => t.tx.from === main.address && t.tokens.length === 1 && t.tokens[0]!.to === cold.address);
    expect(toCold.length).toBeGreaterThan(0);
    const worldTx = toCold[0]!;
    const usdcLeg = {
      kind: 'erc20',
      asset_contract: worldTx.tokens[0]!.contractAddress,
      token_id: '',
      amount_raw: worldTx.tokens[0]!.value,
    };
    const fee = {
      wallet: main.address,
      direction: 'out',
      kind: 'fee',
      asset_contract: '',
      token_id: '',
      amount_raw: receiptFee(view, worldTx).toString(),
      counterparty: '',
    };
    // Both wallets list the transfer; each books only its own side, once.
    expect(rowsOf(worldTx).map(legOf)).toEqual(
      [
        { wallet: main.address, direction: 'out', counterparty: cold.address, ...usdcLeg },
        { wallet: cold.address, direction: 'in', counterparty: main.address, ...usdcLeg },
      ]
        .sort((x, y) => (x.wallet < y.wallet ? -1 : 1))
        .concat([fee]),
    );
    // The store already holds Cold's rows; a job without Cold must not book them.
    const onlyMain = { wallets: [{ address: main.address, label: 'Main', chains: [1] }], chains: [1], api: { rate: RATE } };
    const txDay = day(Number(worldTx.tx.timeStamp));
    const d = await exportLedger(sandbox, path.join(dir, 'd'), {
      job: onlyMain,
      state: path.join(dir, 'a.db'),
      flags: ['--from', txDay, '--to', txDay],
    });
    expect(d.rows.length).toBeGreaterThan(0);
    expect(d.rows.every((row) => row.wallet === main.address)).toBe(true);
    const rows = rowsOf(worldTx, d.rows);
    expect(rows.map(legOf)).toEqual([{ wallet: main.address, direction: 'out', counterparty: cold.address, ...usdcLeg }, fee]);
    expect(rows.map((row) => row.category)).toEqual(['transfer', 'fee']);
  });
});

describe('status and fees', () => {
  it('books a failed transaction as its fee only (failed_fee, status failed), gasUsed × effectiveGasPrice of the receipt', () => {
    let failedWithInternal = 0;
    for (const chainId of CHAINS) {
      const failed = exported(chainId, isFailed);
      expect(failed.length).toBeGreaterThan(0);
      for (const worldTx of failed) {
        const receipt = view.receipt(worldTx);
        if (worldTx.internals.length > 0) failedWithInternal++;
        const fee = receipt.gasUsed * receipt.effectiveGasPrice + (receipt.l1Fee ?? 0n);
        expect(rowsOf(worldTx).map((row) => ({ ...legOf(row), category: row.category, status: row.status }))).toEqual([
          {
            wallet: worldTx.tx.from,
            direction: 'out',
            kind: 'fee',
            asset_contract: '',
            token_id: '',
            amount_raw: fee.toString(),
            counterparty: '',
            category: 'failed_fee',
            status: 'failed',
          },
        ]);
      }
    }
    // The special case on every chain: a failed swap whose (failed) internal row returns the value.
    expect(failedWithInternal).toBe(CHAINS.length);
    expect(a.rows.filter((row) => row.status === 'failed').every((row) => row.category === 'failed_fee' && row.kind === 'fee')).toBe(true);
  });

  it('charges a fee only to the owned txlist sender: the Safe never pays for the executions Main sends', () => {
    const paidBySomeoneElse = a.rows.filter(
      (row) => row.kind === 'fee' && view.byHash(Number(row.chain_id), row.tx_hash).tx.from !== row.wallet,
    );
    expect(paidBySomeoneElse).toEqual([]);
    const executions = exported(1, (t) => t.tx.to === safe.address && t.tx.functionName.startsWith('execTransaction'));
    expect(executions.length).toBeGreaterThanOrEqual(3);
    for (const worldTx of executions) {
      const rows = rowsOf(worldTx);
      expect(rows.filter((row) => row.kind === 'fee').map((row) => [row.wallet, row.amount_raw])).toEqual([
        [main.address, receiptFee(view, worldTx).toString()],
      ]);
      expect(rows.some((row) => row.wallet === safe.address && row.direction === 'out')).toBe(true);
    }
    expect(a.rows.some((row) => row.wallet === safe.address && row.kind === 'fee')).toBe(false);
  });

  describe('fee = gasUsed × receipt effectiveGasPrice, plus each chain’s extra', () => {
    const feeRows = (chainId: number): [LedgerRow, WorldTx][] =>
      a.rows.filter((row) => row.kind === 'fee' && row.chain_id === String(chainId)).map((row) => [row, view.byHash(chainId, row.tx_hash)]);

    it('mainnet: plus blobGasUsed × blobGasPrice for blob transactions', () => {
      let blobs = 0;
      for (const [row, worldTx] of feeRows(1)) {
        const receipt = view.receipt(worldTx);
        const blobFee = (receipt.blobGasUsed ?? 0n) * (receipt.blobGasPrice ?? 0n);
        if (blobFee > 0n) blobs++;
        expect(row.amount_raw).toBe((receipt.gasUsed * receipt.effectiveGasPrice + blobFee).toString());
        expect(row.note).not.toContain('fee_from_list');
      }
      expect(blobs).toBe(3);
    });

    it('OP Mainnet: plus the receipt’s l1Fee', () => {
      const rows = feeRows(10);
      expect(rows.length).toBeGreaterThan(0);
      for (const [row, worldTx] of rows) {
        const receipt = view.receipt(worldTx);
        expect(receipt.l1Fee).toBeGreaterThan(0n);
        expect(row.amount_raw).toBe((receipt.gasUsed * receipt.effectiveGasPrice + receipt.l1Fee!).toString());
      }
    });

    it('Arbitrum: the receipt’s effectiveGasPrice, never the txlist gasPrice bid', () => {
      const rows = feeRows(42161);
      expect(rows.length).toBeGreaterThan(0);
      for (const [row, worldTx] of rows) {
        const receipt = view.receipt(worldTx);
        expect(row.amount_raw).toBe((receipt.gasUsed * receipt.effectiveGasPrice).toString());
        expect(row.amount_raw).not.toBe((BigInt(worldTx.tx.gasUsed) * BigInt(worldTx.tx.gasPrice)).toString());
      }
    });
  });

  it('falls back to txlist gasUsed × gasPrice noted fee_from_list without a receipt, and books the receipt fee once it comes', async () => {
    // Arbitrum: the txlist gasPrice is only the bid, so the fallback amount differs from the receipt's.
    const worldTx = exported(42161, (t) => t.tx.from === main.address && rowsOf(t).some((row) => row.category === 'fee'))[0]!;
    const feeOf = (run: LedgerExport): LedgerRow[] => rowsOf(worldTx, run.rows).filter((row) => row.kind === 'fee');
    const txDay = day(Number(worldTx.tx.timeStamp));
    const request = { job: job(), state: path.join(dir, 'withheld.db'), flags: ['--from', txDay, '--to', txDay] };
    const withheld = await startSandbox({ world, rate: RATE, omit: [{ chainId: 42161, stream: 'receipt', hash: worldTx.hash }] });
    let first: LedgerExport;
    try {
      first = await exportLedger(withheld, path.join(dir, 'withheld'), request);
    } finally {
      await withheld.close();
    }
    expect(feeOf(first).map((row) => [row.amount_raw, row.note])).toEqual([
      [(BigInt(worldTx.tx.gasUsed) * BigInt(worldTx.tx.gasPrice)).toString(), 'fee_from_list'],
    ]);
    expect(first.rows.filter((row) => row.note.includes('fee_from_list'))).toHaveLength(1);
    // The next run asks for the missing receipt, copies it onto the stored txlist row and books the real fee.
    const second = await exportLedger(sandbox, path.join(dir, 'received'), request);
    expect(feeOf(second).map((row) => [row.amount_raw, row.note])).toEqual([[receiptFee(view, worldTx).toString(), '']]);
    expect(receiptFee(view, worldTx)).not.toBe(BigInt(worldTx.tx.gasUsed) * BigInt(worldTx.tx.gasPrice));
  });

  it('makes no entry for a zero fee (genesis) and books every fee as an outgoing native fee with no counterparty', () => {
    const genesis = view.one(1, (tx) => tx.from === 'GENESIS');
    expect(rowsOf(genesis).some((row) => row.kind === 'fee')).toBe(false);
    const fees = a.rows.filter((row) => row.kind === 'fee');
    expect(fees.length).toBeGreaterThan(500);
    const shapes = new Set(
      fees.map((row) =>
        JSON.stringify([row.direction, row.asset, row.asset_contract, row.token_id, row.decimals, row.counterparty, row.category]),
      ),
    );
    expect(shapes).toEqual(
      new Set([JSON.stringify(['out', 'ETH', '', '', '18', '', 'fee']), JSON.stringify(['out', 'ETH', '', '', '18', '', 'failed_fee'])]),
    );
    expect(fees.filter((row) => BigInt(row.amount_raw) <= 0n)).toEqual([]);
  });
});

describe('movements', () => {
  it('books native value out for an owned sender and in for an owned receiver; a contract creation moves nothing without value', () => {
    let checked = 0;
    for (const chainId of CHAINS) {
      for (const worldTx of exported(chainId, (t) => !isFailed(t) && t.tx.value !== '0' && t.tx.from !== t.tx.to)) {
        const { from, to, value } = worldTx.tx;
        const expected = [
          ...(view.isOwned(from, chainId) ? [{ wallet: from, direction: 'out', amount_raw: value, counterparty: to }] : []),
          ...(view.isOwned(to, chainId)
            ? [{ wallet: to, direction: 'in', amount_raw: value, counterparty: from === 'GENESIS' ? '' : from }]
            : []),
        ].sort((x, y) => (x.wallet < y.wallet ? -1 : 1));
        const native = rowsOf(worldTx).filter((row) => row.kind === 'native');
        expect(
          native.map((row) => ({
            wallet: row.wallet,
            direction: row.direction,
            amount_raw: row.amount_raw,
            counterparty: row.counterparty,
          })),
        ).toEqual(expected);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
    const deploy = view.one(1, (tx) => tx.to === '' && tx.contractAddress !== '');
    expect(rowsOf(deploy).map((row) => row.kind)).toEqual(['fee']);
  });

  describe('internal rows', () => {
    it('ignores isError 1 and zero-value rows (the claim with every internal kind books only its one good row)', () => {
      const claims = exported(1, (t) => t.tx.functionName === 'claim()' && t.internals.length === 3);
      expect(claims).toHaveLength(1);
      const claim = claims[0]!;
      expect(claim.internals.map((row) => [row.type, row.isError, row.value])).toEqual([
        ['call', '0', '250000000000000000'],
        ['call', '1', '4000000000000000000'],
        ['call', '0', '0'],
      ]);
      expect(rowsOf(claim).map((row) => ({ ...legOf(row), category: row.category }))).toEqual([
        {
          wallet: main.address,
          direction: 'in',
          kind: 'internal',
          asset_contract: '',
          token_id: '',
          amount_raw: '250000000000000000',
          counterparty: view.contract(1, 'distributor'),
          category: 'transfer',
        },
        {
          wallet: main.address,
          direction: 'out',
          kind: 'fee',
          asset_contract: '',
          token_id: '',
          amount_raw: receiptFee(view, claim).toString(),
          counterparty: '',
          category: 'fee',
        },
      ]);
    });

    it('ignores delegatecall rows: ether sent to the Safe counts once, not again as it is delegated to the singleton', () => {
      const deposits = exported(
        1,
        (t) => t.tx.to === safe.address && t.internals.some((row) => row.type === 'delegatecall' && row.value !== '0'),
      );
      expect(deposits.length).toBeGreaterThanOrEqual(2);
      for (const worldTx of deposits) {
        expect(rowsOf(worldTx).map(legOf)).toEqual([
          {
            wallet: safe.address,
            direction: 'in',
            kind: 'native',
            asset_contract: '',
            token_id: '',
            amount_raw: worldTx.tx.value,
            counterparty: worldTx.tx.from,
          },
        ]);
      }
    });

    it('books nothing for the internal create row that deploys the Safe', () => {
      const creation = view.one(1, (tx) => tx.functionName.startsWith('createProxyWithNonce'));
      expect(creation.internals.map((row) => [row.type, row.contractAddress, row.value])).toEqual([['create', safe.address, '0']]);
      expect(rowsOf(creation).map((row) => [row.wallet, row.kind])).toEqual([[main.address, 'fee']]);
    });

    it('lets the Safe own its internal outflows (to a stranger: transfer; to Main: own_transfer on both sides)', () => {
      const executions = exported(
        1,
        (t) => t.tx.functionName.startsWith('execTransaction') && t.internals.some((row) => row.value !== '0'),
      );
      const toMain = executions.filter((t) => t.internals.some((row) => row.to === main.address));
      const toStranger = executions.filter((t) => t.internals.every((row) => !view.isOwned(row.to, 1)));
      expect(toMain.length).toBeGreaterThan(0);
      expect(toStranger.length).toBeGreaterThan(0);
      for (const worldTx of toMain) {
        const paid = worldTx.internals.find((row) => row.to === main.address)!;
        const leg = { kind: 'internal', asset_contract: '', token_id: '', amount_raw: paid.value };
        // Safe's address sorts before Main's: the ledger orders a transaction's wallets by address.
        expect(safe.address < main.address).toBe(true);
        expect(rowsOf(worldTx).map((row) => ({ ...legOf(row), category: row.category }))).toEqual([
          { wallet: safe.address, direction: 'out', counterparty: main.address, category: 'own_transfer', ...leg },
          { wallet: main.address, direction: 'in', counterparty: safe.address, category: 'own_transfer', ...leg },
          {
            wallet: main.address,
            direction: 'out',
            kind: 'fee',
            asset_contract: '',
            token_id: '',
            amount_raw: receiptFee(view, worldTx).toString(),
            counterparty: '',
            category: 'fee',
          },
        ]);
      }
      for (const worldTx of toStranger) {
        const paid = worldTx.internals.find((row) => row.value !== '0' && row.type === 'call')!;
        expect(rowsOf(worldTx).map((row) => ({ ...legOf(row), category: row.category }))).toEqual([
          {
            wallet: safe.address,
            direction: 'out',
            kind: 'internal',
            asset_contract: '',
            token_id: '',
            amount_raw: paid.value,
            counterparty: paid.to,
            category: 'transfer',
          },
          {
            wallet: main.address,
            direction: 'out',
            kind: 'fee',
            asset_contract: '',
            token_id: '',
            amount_raw: receiptFee(view, worldTx).toString(),
            counterparty: '',
            category: 'fee',
          },
        ]);
      }
    });
  });

  it('books no zero amount: an approval or a zero-value call is its fee only', () => {
    expect(a.rows.every((row) => BigInt(row.amount_raw) > 0n)).toBe(true);
    const approvals = exported(1, (t) => t.tx.functionName.startsWith('approve(') && view.isOwned(t.tx.from, 1));
    expect(approvals.length).toBeGreaterThan(0);
    for (const worldTx of approvals) expect(rowsOf(worldTx).map((row) => [row.wallet, row.kind])).toEqual([[worldTx.tx.from, 'fee']]);
  });

  it('books a self-transfer as no movement, keeping the sender’s fee noted self_transfer', () => {
    const self = view.one(1, (tx) => tx.from === main.address && tx.to === main.address);
    expect(self.tx.value).toBe('100000000000000000');
    const rows = rowsOf(self);
    expect(rows.map((row) => ({ ...legOf(row), note: row.note }))).toEqual([
      {
        wallet: main.address,
        direction: 'out',
        kind: 'fee',
        asset_contract: '',
        token_id: '',
        amount_raw: receiptFee(view, self).toString(),
        counterparty: '',
        note: 'self_transfer',
      },
    ]);
  });

  it('books ERC-20 value in base units, ERC-721 as amount 1 with its token id, ERC-1155 as tokenValue with its token id', () => {
    const nftRows = a.rows.filter((row) => row.kind === 'erc721');
    const multiRows = a.rows.filter((row) => row.kind === 'erc1155');
    expect(nftRows.length).toBeGreaterThanOrEqual(5);
    expect(multiRows.length).toBeGreaterThanOrEqual(2);
    for (const row of [...nftRows, ...multiRows])
      expect([row.decimals, row.asset]).toEqual(['0', row.kind === 'erc721' ? 'SPUNK' : 'SITEM']);
    for (const row of nftRows) expect([row.amount, row.amount_raw, row.token_id]).toEqual(['1', '1', expect.stringMatching(/^[1-9]\d*$/)]);
    const multiIn = exported(
      1,
      (t) => t.tx.gasUsed === '58000' && t.multis.length === 1 && t.multis[0]!.tokenID === '3' && t.multis[0]!.tokenValue === '5',
    )[0]!;
    const multiOut = view.one(
      1,
      (tx) => tx.functionName.startsWith('safeTransferFrom(address from, address to, uint256 id') && tx.from === main.address,
    );
    expect(multiIn.multis.map((row) => [row.to, row.tokenID, row.tokenValue])).toEqual([[main.address, '3', '5']]);
    expect(multiOut.multis.map((row) => [row.from, row.tokenID, row.tokenValue])).toEqual([[main.address, '3', '2']]);
    expect(rowsOf(multiIn).map((row) => [row.wallet, row.direction, row.token_id, row.amount, row.amount_raw])).toEqual([
      [main.address, 'in', '3', '5', '5'],
    ]);
    expect(
      rowsOf(multiOut)
        .filter((row) => row.kind === 'erc1155')
        .map((row) => [row.direction, row.token_id, row.amount]),
    ).toEqual([['out', '3', '2']]);
    const erc20 = a.rows.filter((row) => row.kind === 'erc20' && row.asset_contract === view.token(1, 'usdc'));
    expect(erc20.length).toBeGreaterThan(20);
    for (const row of erc20) expect(row.amount).toBe(formatUnits(BigInt(row.amount_raw), 6));
  });

  it('never guesses token decimals: tokenDecimal "" is unknown, "0" without name and symbol is unknown metadata, a real 0-decimals token stays 0', () => {
    const tokenRows = (key: 'mystery' | 'nometa' | 'pix'): LedgerRow[] => a.rows.filter((row) => row.asset_contract === view.token(1, key));
    const pick = (row: LedgerRow) => ({
      direction: row.direction,
      amount: row.amount,
      amount_raw: row.amount_raw,
      decimals: row.decimals,
      asset: row.asset,
      note: row.note,
    });
    expect(tokenRows('mystery').map(pick)).toEqual([
      {
        direction: 'in',
        amount: '21460171000000000000000000',
        amount_raw: '21460171000000000000000000',
        decimals: '',
        asset: '',
        note: 'unknown_decimals',
      },
    ]);
    expect(tokenRows('nometa').map(pick)).toEqual([
      { direction: 'in', amount: '5000', amount_raw: '5000', decimals: '', asset: '', note: 'unknown_metadata' },
    ]);
    expect(tokenRows('pix').map(pick)).toEqual([
      { direction: 'in', amount: '7', amount_raw: '7', decimals: '0', asset: 'PIX', note: '' },
      { direction: 'out', amount: '2', amount_raw: '2', decimals: '0', asset: 'PIX', note: '' },
    ]);
  });

  it('writes every amount as the exact plain decimal of amount_raw (the raw integer when decimals are unknown), always positive', () => {
    const wrong = a.rows.filter(
      (row) =>
        row.amount !== (row.decimals === '' ? row.amount_raw : formatUnits(BigInt(row.amount_raw), Number(row.decimals))) ||
        !/^\d+(\.\d*[1-9])?$/.test(row.amount),
    );
    expect(wrong).toEqual([]);
    const max = a.rows.find((row) => row.amount_raw === MAX_UINT256.toString());
    expect(max?.amount).toBe('115792089237316195423570985008687907853269984665640564039457.584007913129639935');
  });
});

describe('categories', () => {
  it('genesis: the GENESIS_ allocation is a genesis inflow with no fee and no counterparty', () => {
    const genesis = view.one(1, (tx) => tx.from === 'GENESIS');
    expect(
      rowsOf(genesis).map((row) => ({ ...legOf(row), category: row.category, timestamp: unix(row), block: row.block_number })),
    ).toEqual([
      {
        wallet: main.address,
        direction: 'in',
        kind: 'native',
        asset_contract: '',
        token_id: '',
        amount_raw: genesis.tx.value,
        counterparty: '',
        category: 'genesis',
        timestamp: world.timestampOf(1, 0),
        block: '0',
      },
    ]);
  });

  it('own_transfer: both sides of a move between owned wallets, native or ERC-20, with the fee on the sender', () => {
    const kinds = new Set<string>();
    for (const chainId of CHAINS) {
      const owned = (address: string): boolean => view.isOwned(address, chainId);
      const receiverOf = (t: WorldTx): string | undefined =>
        t.tx.value !== '0' && owned(t.tx.to)
          ? t.tx.to
          : t.tokens.length === 1 && owned(t.tokens[0]!.from) && owned(t.tokens[0]!.to)
            ? t.tokens[0]!.to
            : undefined;
      for (const worldTx of exported(
        chainId,
        (t) => !isFailed(t) && owned(t.tx.from) && t.tx.from !== t.tx.to && receiverOf(t) !== undefined,
      )) {
        const sender = worldTx.tx.from;
        const rows = rowsOf(worldTx);
        expect(rows.map((row) => row.category)).toEqual(['own_transfer', 'own_transfer', 'fee']);
        expect(
          rows
            .slice(0, 2)
            .map((row) => `${row.wallet} ${row.direction}`)
            .sort(),
        ).toEqual([`${sender} out`, `${receiverOf(worldTx)} in`].sort());
        expect(rows[2]!.wallet).toBe(sender);
        kinds.add(`${chainId} ${rows[0]!.kind}`);
      }
    }
    for (const kind of ['1 native', '1 erc20', '10 native', '42161 native']) expect(kinds).toContain(kind);
  });

  it('trade: a swap books the one asset sent and the one received as trade, linked by the transaction hash', () => {
    const kinds = new Set<string>();
    for (const chainId of CHAINS) {
      for (const worldTx of exported(chainId, (t) => !isFailed(t) && t.tx.functionName.startsWith('swapExact'))) {
        const rows = rowsOf(worldTx);
        const legs = rows.filter((row) => row.kind !== 'fee');
        expect(legs.map((row) => row.category)).toEqual(['trade', 'trade']);
        expect(legs.map((row) => row.direction).sort()).toEqual(['in', 'out']);
        expect(legs[0]!.asset_contract).not.toBe(legs[1]!.asset_contract);
        expect(rows.map((row) => row.tx_hash)).toEqual(rows.map(() => worldTx.hash));
        kinds.add(`${chainId} ${functionNameOf(worldTx)}`);
      }
    }
    expect([...kinds].filter((kind) => kind.startsWith('1 ')).sort()).toEqual([
      '1 swapExactETHForTokens',
      '1 swapExactTokensForETH',
      '1 swapExactTokensForTokens',
    ]);
    expect([...kinds].some((kind) => kind.startsWith('10 '))).toBe(true);
    expect([...kinds].some((kind) => kind.startsWith('42161 '))).toBe(true);
  });

  it('mint / burn: a paid mint is a trade (cost and acquisition paired); an NFT sent to the zero address is a burn', () => {
    const mints = exported(1, (t) => t.nfts.some((row) => /^0x0{40}$/.test(row.from)) && t.tx.from === main.address);
    expect(mints).toHaveLength(3);
    for (const worldTx of mints) {
      expect(rowsOf(worldTx).map((row) => [row.kind, row.direction, row.category])).toEqual([
        ['native', 'out', 'trade'],
        ['erc721', 'in', 'trade'],
        ['fee', 'out', 'fee'],
      ]);
    }
    const burn = view.one(1, (tx) => tx.functionName.startsWith('burn('));
    expect(rowsOf(burn).map((row) => [row.kind, row.direction, row.counterparty, row.category])).toEqual([
      ['erc721', 'out', `0x${'0'.repeat(40)}`, 'burn'],
      ['fee', 'out', '', 'fee'],
    ]);
  });

  it('mint: a token received free from the zero address, in a stranger’s transaction, is a mint with no fee', () => {
    const free = exported(1, (t) => t.nfts.some((row) => /^0x0{40}$/.test(row.from)) && !view.isOwned(t.tx.from, 1));
    expect(free).toHaveLength(1);
    expect(rowsOf(free[0]!).map((row) => [row.wallet, row.kind, row.direction, row.counterparty, row.amount, row.category])).toEqual([
      [main.address, 'erc721', 'in', `0x${'0'.repeat(40)}`, '1', 'mint'],
    ]);
  });

  it('transfer: a single movement to or from a stranger', () => {
    let checked = 0;
    for (const chainId of CHAINS) {
      for (const worldTx of exported(chainId, (t) => !isFailed(t) && t.tx.from !== 'GENESIS')) {
        const legs = expectedLegs(view, worldTx).filter((leg) => leg.kind !== 'fee');
        if (legs.length !== 1) continue;
        const leg = legs[0]!;
        if (view.isOwned(leg.counterparty, chainId) || /^0x0{40}$/.test(leg.counterparty) || BRIDGES.includes(leg.counterparty)) continue;
        expect(
          rowsOf(worldTx)
            .filter((row) => row.kind !== 'fee')
            .map((row) => row.category),
        ).toEqual(['transfer']);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});

describe('DeFi shapes, on each of chains 1, 10 and 42161', () => {
  const shape = (chainId: number, method: string): LedgerRow[] =>
    rowsOf(view.one(chainId, (tx) => tx.functionName.startsWith(`${method}(`) && tx.from === main.address));
  const legs = (rows: LedgerRow[]): string[][] =>
    rows.filter((row) => row.kind !== 'fee').map((row) => [row.direction, row.kind, row.category, row.note]);

  it.each(CHAINS)('refund: swapETHForExactTokens on chain %i is one trade; the ETH the router sent back is noted refund', (chainId) => {
    expect(legs(shape(chainId, 'swapETHForExactTokens'))).toEqual([
      ['out', 'native', 'trade', ''],
      ['in', 'internal', 'trade', 'refund'],
      ['in', 'erc20', 'trade', ''],
    ]);
  });

  it.each(CHAINS)(
    'liquidity on chain %i: ETH and USDC for a minted LP token is liquidity_add (refund noted), the LP token back for both is liquidity_remove',
    (chainId) => {
      const add = shape(chainId, 'addLiquidityETH');
      expect(legs(add)).toEqual([
        ['out', 'native', 'liquidity_add', ''],
        ['in', 'internal', 'liquidity_add', 'refund'],
        ['out', 'erc20', 'liquidity_add', ''],
        ['in', 'erc20', 'liquidity_add', ''],
      ]);
      expect(add[3]!.counterparty).toBe(`0x${'0'.repeat(40)}`);
      const remove = shape(chainId, 'removeLiquidityETH');
      expect(legs(remove)).toEqual([
        ['in', 'internal', 'liquidity_remove', ''],
        ['out', 'erc20', 'liquidity_remove', ''],
        ['in', 'erc20', 'liquidity_remove', ''],
      ]);
      expect(remove[1]!.counterparty).toBe(remove[1]!.asset_contract);
    },
  );

  it.each(CHAINS)('batched swap on chain %i: two assets out, two in, all trade', (chainId) => {
    expect(
      legs(shape(chainId, 'multicall'))
        .map(([direction, , category]) => `${direction} ${category}`)
        .sort(),
    ).toEqual(['in trade', 'in trade', 'out trade', 'out trade']);
  });

  it.each(CHAINS)(
    'wrap and unwrap on chain %i: own categories; the WETH leg derived from the call where WETH emits no Transfer (1, 10)',
    (chainId) => {
      const derived = chainId === 42161 ? '' : 'derived_from_call';
      const wrap = shape(chainId, 'deposit');
      expect(legs(wrap)).toEqual([
        ['out', 'native', 'wrap', ''],
        ['in', 'erc20', 'wrap', derived],
      ]);
      expect(wrap[1]!.asset_contract).toBe(WETH[chainId]);
      expect(wrap[1]!.amount_raw).toBe(wrap[0]!.amount_raw);
      const unwrap = rowsOf(view.one(chainId, (tx) => tx.functionName.startsWith('withdraw(uint256') && tx.to === WETH[chainId]));
      expect(legs(unwrap)).toEqual([
        ['in', 'internal', 'unwrap', ''],
        ['out', 'erc20', 'unwrap', derived],
      ]);
    },
  );

  it('bridges: mainnet → OP Mainnet and Arbitrum → mainnet pair up, each leg naming the other; an unfinalised OP withdrawal stays unmatched', () => {
    const pairs: [LedgerRow, LedgerRow][] = [
      [shape(1, 'depositETH')[0]!, rowsOf(view.one(10, (tx) => tx.functionName.startsWith('relayMessage(')))[0]!],
      [shape(42161, 'withdrawEth')[0]!, shape(1, 'executeTransaction')[0]!],
    ];
    for (const [out, into] of pairs) {
      expect([out.category, out.direction, into.category, into.direction]).toEqual(['bridge', 'out', 'bridge', 'in']);
      expect(out.amount_raw).toBe(into.amount_raw);
      expect(out.note).toBe(`bridged_to ${into.chain_id}:${into.tx_hash}:${into.entry_id}`);
      expect(into.note).toBe(`bridged_from ${out.chain_id}:${out.tx_hash}:${out.entry_id}`);
    }
    const withdrawal = rowsOf(view.one(10, (tx) => tx.functionName.startsWith('withdraw(address') && tx.from === main.address)).filter(
      (row) => row.kind !== 'fee',
    );
    expect(withdrawal.map((row) => [row.category, row.note])).toEqual([['bridge', 'bridge_unmatched']]);
  });
});

describe('spam: flagged, never dropped', () => {
  const spamRows = (
    run: LedgerExport,
    chainId: number,
    key: 'spamClaim' | 'spamEth' | 'spamUsdc' | 'spamFormula' | 'spamUrl' | 'dai' | 'usdc',
  ): LedgerRow[] => run.rows.filter((row) => row.chain_id === String(chainId) && row.asset_contract === view.token(chainId, key));
  const worldRowsTo = (chainId: number, key: Parameters<typeof spamRows>[2]): number =>
    exported(chainId).reduce(
      (n, t) => n + t.tokens.filter((row) => row.contractAddress === view.token(chainId, key) && view.isOwned(row.to, chainId)).length,
      0,
    );

  it('deny_list: a contract on the job’s deny list is spam, even a real token', () => {
    const dai = spamRows(b, 1, 'dai');
    expect(dai.length).toBeGreaterThan(0);
    expect(new Set(dai.map((row) => row.spam))).toEqual(new Set(['deny_list']));
    expect(new Set(spamRows(a, 1, 'dai').map((row) => row.spam))).toEqual(new Set(['']));
  });

  it('allow list: a contract on the job’s allow list is never spam', () => {
    expect(new Set(spamRows(a, 1, 'spamEth').map((row) => row.spam))).toEqual(new Set(['impersonates_ETH']));
    expect(new Set(spamRows(b, 1, 'spamEth').map((row) => row.spam))).toEqual(new Set(['']));
  });

  it('impersonates_<SYMBOL>: the native symbol, or a well-known symbol from a contract that is not the real one', () => {
    for (const [key, reason] of [
      ['spamEth', 'impersonates_ETH'],
      ['spamUsdc', 'impersonates_USDC'],
    ] as const) {
      const rows = spamRows(a, 1, key);
      expect(rows).toHaveLength(worldRowsTo(1, key));
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((row) => row.spam))).toEqual(new Set([reason]));
    }
    for (const chainId of CHAINS) {
      const real = spamRows(a, chainId, 'usdc');
      expect(real.length).toBeGreaterThan(0);
      expect(real.filter((row) => row.spam !== '' && row.spam !== 'address_poisoning')).toEqual([]);
    }
  });

  it('address_poisoning: dust of a real token from a look-alike of an address the wallet paid (first and last 4 hex digits), on every chain', () => {
    for (const chainId of CHAINS) {
      const poisoned = spamRows(a, chainId, 'usdc').filter((row) => row.spam === 'address_poisoning');
      expect(poisoned.map((row) => [row.direction, row.amount_raw])).toEqual([['in', '1']]);
      const lookalike = poisoned[0]!.counterparty;
      const paid = a.rows.filter(
        (row) =>
          row.chain_id === String(chainId) &&
          row.direction === 'out' &&
          row.counterparty !== lookalike &&
          row.counterparty.slice(0, 6) === lookalike.slice(0, 6) &&
          row.counterparty.slice(-4) === lookalike.slice(-4),
      );
      expect(paid.length).toBeGreaterThan(0);
      expect(paid.some((row) => unix(row) < unix(poisoned[0]!))).toBe(true);
    }
  });

  it('absurd_amount, call_to_action, formula_in_name, url_in_name: the 2^256 − 1 airdrop, "visit … to claim", a formula name, a bare domain', () => {
    for (const chainId of CHAINS) {
      const rows = spamRows(a, chainId, 'spamClaim');
      expect(rows).toHaveLength(worldRowsTo(chainId, 'spamClaim'));
      const reasons = new Set(rows.map((row) => (row.amount_raw === MAX_UINT256.toString() ? `max ${row.spam}` : row.spam)));
      expect(reasons).toEqual(
        new Set(rows.length === 0 ? [] : chainId === 1 ? ['max absurd_amount', 'call_to_action'] : ['call_to_action']),
      );
    }
    for (const [key, reason] of [
      ['spamFormula', 'formula_in_name'],
      ['spamUrl', 'url_in_name'],
    ] as const) {
      const rows = spamRows(a, 1, key);
      expect(rows).toHaveLength(worldRowsTo(1, key));
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((row) => row.spam))).toEqual(new Set([reason]));
    }
    const flagged = a.rows.filter((row) => row.spam !== '');
    expect(flagged.every((row) => row.kind === 'erc20' && row.direction === 'in')).toBe(true);
  });
});

describe('labels, identity, order', () => {
  it('labels: wallet labels from the job, counterparty labels from the job else the other owned wallet’s label, method from functionName', () => {
    const ownedLabel = new Map(world.wallets.map((wallet) => [wallet.address, wallet.label]));
    const mislabelled = a.rows.filter(
      (row) =>
        row.wallet_label !== ownedLabel.get(row.wallet) ||
        row.counterparty_label !== neutralised(LABELS[row.counterparty] ?? ownedLabel.get(row.counterparty) ?? '') ||
        row.method !== methodOf(view.byHash(Number(row.chain_id), row.tx_hash)),
    );
    expect(mislabelled).toEqual([]);
    const methods = new Set(a.rows.map((row) => row.method));
    for (const method of ['', 'transfer', 'claim', 'execTransaction', 'swapExactTokensForTokens', 'safeTransferFrom', 'airdrop'])
      expect(methods).toContain(method);
    expect(a.rows.some((row) => row.counterparty_label === 'Uniswap V2 Router')).toBe(true);
    expect(a.rows.some((row) => row.wallet === cold.address && row.counterparty_label === 'Main')).toBe(true);
    expect(a.rows.some((row) => row.wallet === trading.address && row.counterparty_label === 'Main')).toBe(true);
  });

  it('counterparty labels from nametag getaddresstag (--api-labels), asked once ever: job and owned labels win, exchange and bridge legs noted, screening from tags and lists', async () => {
    const state = path.join(dir, 'a.db');
    const before = sandbox.stats.byAction['nametag.getaddresstag'] ?? 0;
    const c = await exportLedger(sandbox, path.join(dir, 'c'), {
      job: job({ apiLabels: true }),
      state,
      flags: ['--from', FROM, '--to', TO],
    });
    expect((sandbox.stats.byAction['nametag.getaddresstag'] ?? 0) - before).toBeGreaterThanOrEqual(CHAINS.length);
    const ownedLabel = new Map(world.wallets.map((wallet) => [wallet.address, wallet.label]));
    const notes = new Set<string>();
    const slugs = ['ofac-sanctioned', 'phish-hack'];
    const tags = new Map(CHAINS.map((chainId) => [String(chainId), worldTags(world, chainId)]));
    const lists = new Map<string, string[]>(
      CHAINS.flatMap((chainId) => slugs.map((slug) => [`${chainId} ${slug}`, worldLabelList(world, chainId, slug)] as const)),
    );
    c.rows.forEach((row, index) => {
      const plain = a.rows[index]!;
      const tag = tags.get(row.chain_id)?.get(row.counterparty);
      const listed = slugs.filter(
        (slug) => tag?.labels_slug.includes(slug) === true || lists.get(`${row.chain_id} ${slug}`)?.includes(row.counterparty) === true,
      );
      const given = LABELS[row.counterparty] ?? ownedLabel.get(row.counterparty);
      expect(row.counterparty_label).toBe(
        given !== undefined || tag === undefined || row.kind === 'fee'
          ? plain.counterparty_label
          : neutralised(tag.nametag || tag.labels.join(', ')),
      );
      expect(row.screening).toBe(row.kind === 'fee' ? '' : listed.join(' '));
      for (const word of row.note.split(' ')) if (/_(exchange|bridge)$/.test(word)) notes.add(`${row.chain_id} ${word}`);
      if (row.note === plain.note) expect(row).toEqual({ ...plain, counterparty_label: row.counterparty_label, screening: row.screening });
    });
    // Every chain's exchange funds the wallets, and its bridge brings their native coin in (chain 1 sends it out too).
    for (const chainId of CHAINS) for (const word of ['from_exchange', 'from_bridge']) expect(notes).toContain(`${chainId} ${word}`);
    expect(c.rows.some((row) => row.screening === 'ofac-sanctioned' && row.counterparty_label === '')).toBe(true);
    const again = sandbox.stats.byAction['nametag.getaddresstag'] ?? 0;
    await exportLedger(sandbox, path.join(dir, 'd'), { job: job({ apiLabels: true }), state, flags: ['--from', FROM, '--to', TO] });
    expect(sandbox.stats.byAction['nametag.getaddresstag'] ?? 0).toBe(again);
  });

  it('entry_id: unique, and identical in a second run into a fresh store (spam lists change no id)', () => {
    expect(new Set(a.rows.map((row) => row.entry_id)).size).toBe(a.rows.length);
    expect(a.rows.every((row) => /^x[0-9a-f]{16}$/.test(row.entry_id))).toBe(true);
    expect(b.rows.map((row) => row.entry_id)).toEqual(a.rows.map((row) => row.entry_id));
    // Spam is never valued: a token spam in one run and not in the other differs in its value columns too.
    const notCompared = new Set(['spam', 'price', 'price_currency', 'price_time', 'price_source', 'value', 'value_state']);
    const withoutSpam = (rows: LedgerRow[]): Record<string, string>[] =>
      rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !notCompared.has(key))) as Record<string, string>);
    expect(withoutSpam(b.rows)).toEqual(withoutSpam(a.rows));
  });

  it('order inside a transaction: wallets by address, stream order, fees last', () => {
    const streamRank: Record<string, number> = { native: 0, internal: 1, erc20: 2, erc721: 3, erc1155: 4 };
    for (const rows of byTx.values()) {
      const fees = rows.findIndex((row) => row.kind === 'fee');
      if (fees !== -1) expect(rows.slice(fees).every((row) => row.kind === 'fee')).toBe(true);
      const moves = rows.filter((row) => row.kind !== 'fee');
      for (let i = 1; i < moves.length; i++) {
        const [x, y] = [moves[i - 1]!, moves[i]!];
        expect(x.wallet < y.wallet || (x.wallet === y.wallet && streamRank[x.kind]! <= streamRank[y.kind]!)).toBe(true);
      }
    }
  });

  it('ledger order: ascending by timestamp, chain, block, transaction index (-1 when only internal rows show the tx), hash', () => {
    const key = (row: LedgerRow): [number, number, number, number, string] => {
      const chainId = Number(row.chain_id);
      const worldTx = view.byHash(chainId, row.tx_hash);
      return [
        unix(row),
        chainId,
        Number(row.block_number),
        view.seenOnlyInternally(worldTx) ? -1 : Number(worldTx.tx.transactionIndex),
        row.tx_hash,
      ];
    };
    const compare = (x: ReturnType<typeof key>, y: ReturnType<typeof key>): number =>
      x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3] || (x[4] < y[4] ? -1 : x[4] > y[4] ? 1 : 0);
    const keys = a.rows.map(key);
    const descending = a.rows.filter((_, i) => i > 0 && compare(keys[i - 1]!, keys[i]!) > 0);
    expect(descending).toEqual([]);
    expect(new Set(a.rows.map((row) => row.chain_id))).toEqual(new Set(['1', '10', '42161']));
  });
});

describe('rules implemented by other layers', () => {
  it('neutralises text cells a spreadsheet would run as a formula, and leaves numbers untouched', () => {
    const cells = a.rows.flatMap((row) => Object.values(row));
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    const shown = new Set(a.rows.map((row) => row.counterparty_label));
    for (const label of Object.values(LABELS).filter((text) => /^[=+\-@\t\r]/.test(text))) expect(shown).toContain(`'${label}`);
    expect(a.text).toContain(`"'=HYPERLINK(""https://claim-rewards.xyz"",""Claim"")"`);
    const touched = a.rows.filter(
      (row) =>
        [row.amount, row.amount_raw, row.chain_id, row.block_number].some((cell) => !/^\d+(\.\d+)?$/.test(cell)) ||
        !/^\d*$/.test(row.decimals),
    );
    expect(touched).toEqual([]);
  });

  it('period: the job’s time zone decides the day a row belongs to; blocks from getblocknobytime; timestamps stay UTC', async () => {
    // A mainnet row in the first hours of a UTC day belongs to the previous day in New York (UTC−4 or −5).
    const early = a.rows.find(
      (row) => row.chain_id === '1' && row.block_number !== '0' && unix(row) % 86_400 > 600 && unix(row) % 86_400 < 3 * 3600,
    );
    expect(early).toBeDefined();
    const utcDay = day(unix(early!));
    const newYorkDay = day(unix(early!) - 86_400);
    const flags = (zone: string): string[] => ['--from', newYorkDay, '--to', newYorkDay, '--timezone', zone];
    const inNewYork = await exportLedger(sandbox, path.join(dir, 'ny'), {
      job: job(),
      state: path.join(dir, 'a.db'),
      flags: flags('America/New_York'),
    });
    const inUtc = await exportLedger(sandbox, path.join(dir, 'utc'), { job: job(), state: path.join(dir, 'a.db'), flags: flags('UTC') });
    expect(inNewYork.rows.find((row) => row.entry_id === early!.entry_id)).toEqual(early);
    expect(inUtc.rows.some((row) => row.entry_id === early!.entry_id)).toBe(false);
    const nextDay = day(Date.parse(`${newYorkDay}T00:00:00Z`) / 1000 + 86_400);
    const startTime = midnightIn('America/New_York', newYorkDay);
    const endTime = midnightIn('America/New_York', nextDay);
    expect(nextDay).toBe(utcDay);
    for (const run of [
      { rows: inNewYork.rows, from: startTime, to: endTime },
      { rows: inUtc.rows, from: midnightIn('UTC', newYorkDay), to: midnightIn('UTC', nextDay) },
    ]) {
      expect(run.rows.length).toBeGreaterThan(0);
      expect(run.rows.filter((row) => unix(row) < run.from || unix(row) >= run.to)).toEqual([]);
      expect(run.rows.map((row) => row.entry_id)).toEqual(
        a.rows.filter((row) => unix(row) >= run.from && unix(row) < run.to).map((row) => row.entry_id),
      );
    }
    for (const chainId of CHAINS) {
      expect(inNewYork.blockRanges[String(chainId)]).toEqual({
        fromBlock: world.blockByTime(chainId, startTime, 'after'),
        toBlock: world.blockByTime(chainId, endTime - 1, 'before'),
      });
    }
  });
});
