import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { allChains, chainTableFile, feeNeedsReceipt, findChain, getChain, loadChainTable, retiredChain } from '../../src/chains/chains.js';
import { parseChainId } from '../../src/config/parseChainId.js';
import { feeRule } from '../../src/chains/feeRule.js';
import type { Chain } from '../../src/chains/chains.js';
import { runCli } from '../../src/cli/main.js';
import { captureIo } from '../support/captureIo.js';
import { etherscanSample } from '../support/samples.js';

/** The slugs chains had before the table became a data file: templates and golden files name them. */
const EARLIER_SLUGS: Readonly<Record<number, string>> = {
  1: 'ethereum',
  11155111: 'sepolia',
  10: 'optimism',
  8453: 'base',
  42161: 'arbitrum',
  137: 'polygon',
  56: 'bsc',
  43114: 'avalanche',
  59144: 'linea',
  81457: 'blast',
  100: 'gnosis',
  130: 'unichain',
  480: 'world',
  5000: 'mantle',
  146: 'sonic',
  42220: 'celo',
};

describe('chain table', () => {
  it('covers every chain of the recorded chainlist answer and the chains users asked for', () => {
    const chainlist = etherscanSample('docs-chainlist.json') as { result: { chainid: string }[] };
    const asked = [2741, 167000, 80094, 252, 33139, 204, 1329, 143, 999, 4326];
    for (const id of [...chainlist.result.map((row) => Number(row.chainid)), ...asked]) expect(findChain(id)).toBeDefined();
    expect(allChains().length).toBeGreaterThanOrEqual(60);
  });

  it('keeps the earlier slugs, and every slug is unique', () => {
    for (const [id, slug] of Object.entries(EARLIER_SLUGS)) expect(getChain(Number(id)).slug).toBe(slug);
    expect(new Set(allChains().map((chain) => chain.slug)).size).toBe(allChains().length);
  });

  it('records where the list came from and when', () => {
    const file = JSON.parse(fs.readFileSync(chainTableFile(), 'utf8')) as { source: string; retrieved: string };
    expect(file.source).toContain('https://docs.etherscan.io/supported-chains');
    expect(file.retrieved).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses an unknown id with the fix', () => {
    expect(() => getChain(999_999)).toThrow(/unknown chain id 999999.*ledgerscan chains/);
  });

  it('knows the chains Etherscan stopped serving, so a job naming one learns why', () => {
    for (const id of [324, 534352, 1284, 1101]) {
      expect(findChain(id)).toBeUndefined();
      expect(retiredChain(id)?.why).toEqual(expect.any(String));
    }
    expect(() => parseChainId('534352', '--chain')).toThrow(
      /^--chain 534352 \(Scroll Mainnet\) is no longer served by the Etherscan v2 API: support ended 2026-04-16/,
    );
  });
});

describe('feeNeedsReceipt', () => {
  const mainnet = getChain(1);
  const legacy: Chain = { ...mainnet, id: 7, feeModel: 'legacy', feeMarketBlock: null };

  it('on mainnet only from London (12,965,000) on', () => {
    expect(feeNeedsReceipt(mainnet, 12_964_999)).toBe(false);
    expect(feeNeedsReceipt(mainnet, 12_965_000)).toBe(true);
  });

  it('never on a legacy-priced chain; always where an L1 fee, a bid or an unchecked formula is involved', () => {
    expect(feeNeedsReceipt(legacy, 50_000_000)).toBe(false);
    for (const id of [10, 42161, 2741, 56]) expect(feeNeedsReceipt(getChain(id), 0)).toBe(true);
  });
});

describe('feeRule', () => {
  it('names the London block on mainnet, the L1 fee on OP, and an unknown model as such', () => {
    expect(feeRule(getChain(1))).toMatch(/^txlist gasUsed × gasPrice before block 12965000 .*from it receipt gasUsed × effectiveGasPrice/);
    expect(feeRule(getChain(10))).toContain("+ the receipt's l1Fee");
    expect(feeRule(getChain(56))).toMatch(/^fee model unknown: the receipt's fields as they come/);
    expect(feeRule({ ...getChain(1), feeModel: 'legacy', feeMarketBlock: null })).toMatch(/^txlist gasUsed × gasPrice \(no fee market/);
  });
});

describe('loadChainTable', () => {
  const good = {
    id: 7,
    name: 'Seven',
    slug: 'seven',
    nativeSymbol: 'SVN',
    nativeDecimals: 18,
    feeModel: 'legacy',
    feeMarketBlock: null,
    ripenessBlocks: 64,
    blockSeconds: 2,
    freeTier: true,
    testnet: false,
  };
  const load = (chains: unknown[], retired: unknown[] = []): readonly Chain[] => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-chains-')), 'chains.json');
    fs.writeFileSync(file, JSON.stringify({ chains, retired }));
    return loadChainTable(file).chains;
  };

  it('reads a good row as it is', () => {
    expect(load([good])).toEqual([good]);
  });

  it('refuses a retired id that is also served', () => {
    expect(() => load([good], [{ id: 7, name: 'Seven', why: 'gone' }])).toThrow(/repeats id 7/);
  });

  it.each([
    ['a repeated id', [good, { ...good, slug: 'other' }], /repeats id 7/],
    ['a repeated slug', [good, { ...good, id: 8 }], /repeats slug seven/],
    ['an unknown fee model', [{ ...good, feeModel: 'plain' }], /field feeModel/],
    ['a legacy chain with a fee market', [{ ...good, feeMarketBlock: 5 }], /field feeMarketBlock/],
    ['a fee market chain without its block', [{ ...good, feeModel: 'eip1559' }], /field feeMarketBlock/],
    ['a slug with capitals', [{ ...good, slug: 'Seven' }], /field slug/],
  ])('refuses %s', (_, chains, message) => {
    expect(() => load(chains)).toThrow(message);
  });
});

describe('ledgerscan chains', () => {
  it('prints one tab-separated line per chain under a header', async () => {
    const io = captureIo(os.tmpdir());
    expect(await runCli(['chains'], io)).toBe(0);
    const [header, ...lines] = io.stdoutText().trimEnd().split('\n');
    expect(header?.split('\t')).toEqual([
      'id',
      'slug',
      'name',
      'native',
      'decimals',
      'fee model',
      'fee market from',
      'free tier',
      'testnet',
      'ripeness',
    ]);
    expect(lines).toHaveLength(allChains().length);
    expect(lines).toContain('1\tethereum\tEthereum Mainnet\tETH\t18\teip1559\t12965000\tyes\tno\t64');
    expect(lines.every((line) => line.split('\t').length === 10)).toBe(true);
  });
});
