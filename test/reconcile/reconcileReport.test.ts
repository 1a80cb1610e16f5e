import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BucketResult, ReconcileResult } from '../../src/reconcile/reconcile.js';
import { writeReconcileReport } from '../../src/pipeline/reconcileReport.js';
import { rollForward } from '../../src/reconcile/rollForward.js';
import { entry, TOKEN, WALLET } from '../support/entry.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-report-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const ETH = 10n ** 18n;

/** Three buckets: ETH short by half an ether (found at block 150), a token of unknown decimals, an NFT; plus spam. */
function result(): ReconcileResult {
  const buckets = rollForward(
    [
      entry({ blockNumber: 50, amountRaw: 2n * ETH, walletLabel: '=HYPERLINK("x")' }),
      entry({ blockNumber: 150, amountRaw: ETH, direction: 'out', txHash: '0xabc', walletLabel: '=HYPERLINK("x")' }),
      entry({
        blockNumber: 150,
        amountRaw: 123n,
        kind: 'erc20',
        asset: '',
        assetContract: TOKEN,
        decimals: null,
        walletLabel: '=HYPERLINK("x")',
      }),
      entry({
        blockNumber: 160,
        amountRaw: 1n,
        kind: 'erc721',
        asset: 'NFT',
        assetContract: TOKEN,
        tokenId: '7',
        decimals: 0,
        walletLabel: '=HYPERLINK("x")',
      }),
      entry({
        blockNumber: 170,
        amountRaw: 5n,
        kind: 'erc20',
        asset: 'SCAM',
        assetContract: '0x0000000000000000000000000000000000000009',
        decimals: 0,
        spam: 'url_in_name',
      }),
    ],
    { startTime: 1000, endTime: 2000 },
  );
  const [eth, token, nft, spam] = buckets as [
    BucketResult['bucket'],
    BucketResult['bucket'],
    BucketResult['bucket'],
    BucketResult['bucket'],
  ];
  const rows: BucketResult[] = [
    {
      bucket: eth,
      chainBalance: ETH + ETH / 2n,
      difference: -ETH / 2n,
      status: 'differs',
      hint: 'a deposit is missing',
      syncedBlock: 200,
      divergence: { block: 150, ledgerBalance: ETH, chainBalance: ETH + ETH / 2n, lastAgreeingBlock: 149, txHashes: ['0xabc'], calls: 9 },
    },
    { bucket: token, chainBalance: 123n, difference: 0n, status: 'match', hint: '', syncedBlock: 200, divergence: null },
    {
      bucket: nft,
      chainBalance: null,
      difference: null,
      status: 'no-chain-balance',
      hint: 'no NFT balance endpoint',
      syncedBlock: 200,
      divergence: null,
    },
    { bucket: spam, chainBalance: 0n, difference: 5n, status: 'differs', hint: 'spam', syncedBlock: 200, divergence: null },
  ];
  return {
    period: { startTime: 1000, endTime: 2000 },
    syncedBlockByChain: new Map([[1, 200]]),
    historical: 'used',
    buckets: rows,
    allMatch: false,
    historicalCalls: 9,
    unavailable: [],
  };
}

/** Block 200 of chain 1 was made at 2026-11-25 12:00:00 UTC. */
const SYNCED_AT = new Map([[1, Date.UTC(2026, 10, 25, 12) / 1000]]);

describe('writeReconcileReport', () => {
  it('writes every figure in base units and formatted, leaving unknown decimals unformatted', async () => {
    const report = await writeReconcileReport(result(), path.join(dir, 'out'), SYNCED_AT);
    const rows = parse(fs.readFileSync(report.csvPath, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.asset_kind, row.status, row.spam])).toEqual([
      ['native', 'differs', ''],
      ['erc20', 'match', ''],
      ['erc721', 'no-chain-balance', ''],
      ['erc20', 'differs', 'url_in_name'],
    ]);
    expect(rows[0]).toMatchObject({
      wallet: WALLET,
      wallet_label: `'=HYPERLINK("x")`,
      opening: '2',
      opening_raw: String(2n * ETH),
      out: '1',
      out_raw: String(ETH),
      closing: '1',
      ledger_balance: '1',
      chain_balance: '1.5',
      difference: '-0.5',
      difference_raw: String(-ETH / 2n),
      first_divergent_block: '150',
      divergent_txs: '0xabc',
      synced_block: '200',
      synced_block_time: '2026-11-25T12:00:00Z',
    });
    expect(rows[1]).toMatchObject({
      decimals: '',
      in: '',
      in_raw: '123',
      chain_balance: '',
      chain_balance_raw: '123',
      difference_raw: '0',
    });
    expect(rows[2]).toMatchObject({ token_id: '7', chain_balance: '', chain_balance_raw: '', difference_raw: '' });
    expect(fs.readdirSync(path.join(dir, 'out')).sort()).toEqual(['reconcile.csv', 'reconcile.json']);
  });

  it('writes the same figures as JSON, amounts as strings', async () => {
    const report = await writeReconcileReport(result(), dir, SYNCED_AT);
    const json = JSON.parse(fs.readFileSync(report.jsonPath, 'utf8')) as {
      syncedBlocks: unknown;
      syncedBlockTimes: unknown;
      allMatch: boolean;
      assets: Record<string, unknown>[];
    };
    expect(json.syncedBlocks).toEqual({ '1': 200 });
    expect(json.syncedBlockTimes).toEqual({ '1': '2026-11-25T12:00:00Z' });
    expect(json.allMatch).toBe(false);
    expect(json.assets[0]).toMatchObject({
      difference: { raw: String(-ETH / 2n), amount: '-0.5' },
      chainBalance: { raw: String(ETH + ETH / 2n), amount: '1.5' },
      firstDivergence: { block: 150, lastAgreeingBlock: 149, txHashes: ['0xabc'] },
    });
    expect(json.assets[2]).toMatchObject({ chainBalance: null, difference: null, firstDivergence: null });
  });

  it('sums up for stdout: counts, each difference with its asset, spam apart, and the files', async () => {
    const report = await writeReconcileReport(result(), dir, SYNCED_AT);
    expect(report.summary.split('\n')).toEqual([
      'reconcile: 3 assets (synced to chain 1 block 200): 1 match, 1 differ, 1 NFT without a chain balance',
      `  DIFFERS Ethereum Mainnet ${WALLET} (=HYPERLINK("x")) ETH: ledger 1, chain 1.5, difference -0.5; a deposit is missing`,
      'spam (listed apart, not counted): 1 asset, 1 differ',
      `report: ${report.csvPath}, ${report.jsonPath}`,
    ]);
  });

  it('names each unavailable balance action once, in the summary and the JSON, and counts the assets it left without a balance', async () => {
    const base = result();
    const token = base.buckets[1] as BucketResult;
    const reason = 'the API does not serve account.tokenbalance: Error! Missing Or invalid Action name';
    const refused: ReconcileResult = {
      ...base,
      historical: 'unavailable',
      buckets: [
        base.buckets[0] as BucketResult,
        { ...token, chainBalance: null, difference: null, status: 'no-chain-balance', hint: 'no tokenbalance' },
      ],
      unavailable: [
        { feature: 'balancehistory', chainId: 1, reason: 'the API does not serve account.balancehistory: Unknown action' },
        { feature: 'tokenbalance', chainId: 1, reason },
      ],
    };
    const report = await writeReconcileReport(refused, dir, SYNCED_AT);
    const lines = report.summary.split('\n');
    expect(lines[0]).toBe(
      'reconcile: 2 assets (synced to chain 1 block 200): 0 match, 1 differ, 0 NFTs without a chain balance, 1 other asset without one (balance action unavailable)',
    );
    expect(lines).toContain(
      'unavailable: balancehistory on Ethereum Mainnet (the API does not serve account.balancehistory: Unknown action)',
    );
    expect(lines).toContain(`unavailable: tokenbalance on Ethereum Mainnet (${reason})`);
    expect(lines).toContain('historical balances unavailable: hints come from the sign of the difference');
    const json = JSON.parse(fs.readFileSync(report.jsonPath, 'utf8')) as { historical: string; unavailableFeatures: unknown };
    expect(json.historical).toBe('unavailable');
    expect(json.unavailableFeatures).toEqual(refused.unavailable);
  });
});
