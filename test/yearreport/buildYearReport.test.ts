import { describe, expect, it } from '@jest/globals';
import type { BasisReport, GainRow } from '../../src/costbasis/BasisReport.js';
import { Decimal } from '../../src/ledger/money.js';
import { reportFigures } from '../../src/outputs/reportFiguresOutput.js';
import { buildYearReport } from '../../src/yearreport/buildYearReport.js';
import { groupedMoney } from '../../src/yearreport/reportCells.js';
import type { ReportBlock } from '../../src/yearreport/YearReport.js';
import type { HoldingFact, YearReportFacts } from '../../src/yearreport/YearReportFacts.js';
import { gainRow, incomeRow } from '../support/basisRows.js';

const d = (text: string): Decimal => new Decimal(text);
const DAY = 86_400;
const JAN_2025 = 1_735_689_600;

const gain = (over: Partial<GainRow>): GainRow =>
  gainRow({
    acquiredAt: JAN_2025 - 400 * DAY,
    soldAt: JAN_2025 + 100 * DAY,
    proceeds: d('100.005'),
    sellingCosts: d('0.5'),
    costBasis: d('40'),
    gain: d('59.505'),
    term: 'long',
    ...over,
  });

const report: BasisReport = {
  gains: [
    gain({}),
    gain({ entryId: 'e2', term: 'short', proceeds: d('10.005'), sellingCosts: d('0'), costBasis: d('20'), gain: d('-9.995') }),
    gain({ entryId: 'e2', lotId: 'a2', term: 'long', proceeds: d('5'), sellingCosts: d('0'), costBasis: d('1'), gain: d('4') }),
    gain({ entryId: 'f1', kind: 'fee', term: 'short', proceeds: d('0.25'), sellingCosts: d('0'), costBasis: d('0.2'), gain: d('0.05') }),
    gain({ entryId: 'u1', lotId: null, term: null, costBasis: null, gain: null, flags: ['missing_acquisition'] }),
  ],
  income: [
    incomeRow({ entryId: 'i1', timestamp: JAN_2025, txHash: '0x1', price: d('1'), priceSource: 'file', value: d('1.005') }),
    incomeRow({ entryId: 'i2', timestamp: JAN_2025, txHash: '0x2', category: 'airdrop' }),
    incomeRow({ entryId: 'i3', timestamp: JAN_2025, txHash: '0x3', price: d('1'), priceSource: 'file', value: d('2.005') }),
  ],
  removals: [],
  openLots: [],
  issues: [
    { entryId: 'u1', issue: 'missing_acquisition', quantity: 1n, decimals: 18, detail: '' },
    { entryId: 'i2', issue: 'unknown_price', quantity: 1n, decimals: 18, detail: '' },
    { entryId: 'x', issue: 'unknown_price', quantity: 1n, decimals: 18, detail: '' },
  ],
  allocations: [],
  ties: [],
};

const settings = { currency: 'USD', profile: 'generic' as const, timezone: 'UTC' };

describe("the year report's figures", () => {
  const figures = reportFigures(report, [], settings);

  it('splits the gains by term, each sum exact over its known rows and rounded once', () => {
    expect(figures.split.lines.map((line) => [line.key, line.disposals, line.proceeds, line.gain, line.unknownRows])).toEqual([
      ['short', 2, '10.26', '-9.94', 0],
      ['long', 2, '105.00', '63.50', 0],
      ['none', 1, '100.00', '0.00', 1],
    ]);
    // 59.505 + -9.995 + 4 + 0.05 = 53.56: the rounded cells (59.50, -10.00, 4.00, 0.05) would give 53.55.
    expect(figures.gains).toMatchObject({ disposals: 4, rows: 5, gain: '53.56', unknownRows: 1 });
  });

  it('sums income by category, an unknown value counted apart; fees are the fee disposals; issues counted by kind', () => {
    expect(figures.income).toEqual([
      { category: 'staking_reward', rows: 2, value: '3.01', unknownRows: 0 },
      { category: 'airdrop', rows: 1, value: '0.00', unknownRows: 1 },
    ]);
    expect(figures.incomeTotal).toEqual({ rows: 3, value: '3.01', unknownRows: 1 });
    expect(figures.fees).toMatchObject({ disposals: 1, proceeds: '0.25', gain: '0.05', deducted: '1.00' });
    expect(figures.issues).toEqual([
      { issue: 'missing_acquisition', rows: 1 },
      { issue: 'unknown_price', rows: 2 },
    ]);
  });

  it('splits by tax year under the uk profile (6 April to 5 April)', () => {
    const uk = reportFigures(
      { ...report, gains: [gain({ soldAt: JAN_2025 + 94 * DAY }), gain({ entryId: 'e2', soldAt: JAN_2025 + 95 * DAY })] },
      [],
      { ...settings, profile: 'uk' },
    );
    expect(uk.split).toMatchObject({
      by: 'taxYear',
      lines: [
        { key: '2024/25', disposals: 1 },
        { key: '2025/26', disposals: 1 },
      ],
    });
  });
});

describe('the year report laid out as data', () => {
  const facts: YearReportFacts = {
    client: 'Jane Client',
    generatedAt: '2026-01-05T10:00:00Z',
    toolVersion: '1.2.3',
    period: { label: '2025', from: '2025-01-01', to: '2025-12-31', timezone: 'UTC' },
    wallets: [{ address: '0xabc', label: 'Main', chains: 'Ethereum Mainnet' }],
    chains: ['Ethereum Mainnet (1)'],
    valuation: { currency: 'USD', sources: ['defillama'], fx: null },
    costBasis: { method: 'fifo', scope: 'universal', profile: 'de', changes: [] },
    holdings: [
      {
        chain: 'Ethereum Mainnet',
        wallet: '0xabc',
        walletLabel: 'Main',
        asset: 'ETH',
        assetContract: '',
        tokenId: null,
        opening: '1',
        closing: '2',
        openingValue: '1000.10',
        closingValue: '3000.20',
      },
      {
        chain: 'Ethereum Mainnet',
        wallet: '0xabc',
        walletLabel: 'Main',
        asset: 'PIX',
        assetContract: '0xpix',
        tokenId: null,
        opening: '0',
        closing: '5',
        openingValue: '0.00',
        closingValue: null,
      },
    ],
    unvaluedRows: 3,
    figures: reportFigures(report, [{ chainId: 1, symbol: 'PIX', asset: '0xpix', first: 0, last: 0, rows: 3, state: 'not found' }], {
      ...settings,
      profile: 'de',
    }),
    reconcile: {
      allMatch: false,
      assets: 2,
      matching: 1,
      notCompared: 0,
      differences: [
        {
          chain: 'Ethereum Mainnet',
          wallet: 'Main',
          asset: 'ETH',
          ledger: '2',
          onChain: '2.5',
          difference: '-0.5',
          firstDivergentBlock: 123,
        },
      ],
      unavailable: [],
    },
    files: [{ path: 'gains.csv', bytes: 10, sha256: 'ab'.repeat(32) }],
  };
  const built = buildYearReport(facts);
  const section = (title: string) => built.sections.find((one) => one.title === title)?.blocks ?? [];
  const tables = (title: string) =>
    section(title).filter((block): block is Extract<ReportBlock, { kind: 'table' }> => block.kind === 'table');
  const texts = (title: string) => section(title).flatMap((block) => (block.kind === 'text' ? [block.text] : []));

  it('has its sections in order, the client and period in the title', () => {
    expect(built.sections.map((one) => one.title)).toEqual([
      'Client and period',
      'Holdings at the start and the end',
      'Income',
      'Realised gains',
      'Fees',
      'Open items',
      'Reconciliation',
      'Files',
    ]);
    expect(built.subtitle).toBe('Jane Client · 2025-01-01 to 2025-12-31 (UTC) · USD');
  });

  it("totals the holdings' known values, saying how many are left out", () => {
    expect(tables('Holdings at the start and the end')[0]?.total).toEqual(['Total', '', '', '', '1,000.10', '', '3,000.20']);
    expect(texts('Holdings at the start and the end')[0]).toContain('1 holdings have no price');
  });

  it("counts an NFT collection's tokens on one row per wallet, valued only when every token id is", () => {
    const nft = (wallet: string, tokenId: string, opening: string, value: string | null): HoldingFact => ({
      chain: 'Ethereum Mainnet',
      wallet,
      walletLabel: wallet === '0xabc' ? 'Main' : '',
      asset: 'PUNK',
      assetContract: '0xpunk',
      tokenId,
      opening,
      closing: '1',
      openingValue: opening === '0' ? '0.00' : '5.25',
      closingValue: value,
    });
    const holdings = [nft('0xabc', '7', '1', '6.50'), ...facts.holdings, nft('0xdef', '7', '0', '6.50'), nft('0xabc', '9', '0', '4.75')];
    const [table] =
      buildYearReport({ ...facts, holdings })
        .sections.find((one) => one.title === 'Holdings at the start and the end')
        ?.blocks.filter((block): block is Extract<ReportBlock, { kind: 'table' }> => block.kind === 'table') ?? [];
    expect(table?.rows).toEqual([
      ['Main', 'Ethereum Mainnet', 'PUNK (2 token ids)', '1', '5.25', '2', '11.25'],
      ['Main', 'Ethereum Mainnet', 'ETH', '1', '1,000.10', '2', '3,000.20'],
      ['Main', 'Ethereum Mainnet', 'PIX', '0', '0.00', '5', ''],
      ['0xdef', 'Ethereum Mainnet', 'PUNK (1 token id)', '0', '0.00', '1', '6.50'],
    ]);
    expect(table?.total).toEqual(['Total', '', '', '', '1,005.35', '', '3,017.95']);
    // A collection with one token id unpriced is unpriced as a whole, and counted once among the holdings without a price.
    const unpriced = [nft('0xabc', '7', '1', null), nft('0xabc', '9', '0', '4.75')];
    const blocks = buildYearReport({ ...facts, holdings: unpriced }).sections[1]?.blocks ?? [];
    expect(blocks[0]).toMatchObject({ text: expect.stringContaining(' 1 holdings have no price') });
    expect(blocks[1]).toMatchObject({ rows: [['Main', 'Ethereum Mainnet', 'PUNK (2 token ids)', '1', '5.25', '2', '']] });
  });

  it("names the profile's split and writes the figures' totals, grouped", () => {
    const [gains] = tables('Realised gains');
    expect(gains?.rows.map((row) => row[0])).toEqual([
      'Within one year (§23 EStG, taxable)',
      'After one year (exempt)',
      'No acquisition known',
    ]);
    expect(gains?.total).toEqual(['Total', '4', '215.26', '1.00', '61.20', '53.56']);
    expect(texts('Realised gains')[0]).toContain('1 rows have some money unknown');
  });

  it('says what to do about each open item and each difference', () => {
    const open = texts('Open items').join('\n');
    expect(open).toContain('Missing prices: 3 rows of 1 assets');
    expect(open).toContain('not found: Add a price');
    expect(tables('Open items')[1]?.rows.map((row) => row[0])).toEqual(['missing_acquisition', 'unknown_price']);
    expect(texts('Reconciliation')[0]).toMatch(/^Not reconciled: 1 of 2 assets/);
    expect(tables('Reconciliation')[0]?.rows[0]).toEqual(['Main', 'Ethereum Mainnet', 'ETH', '2', '2.5', '-0.5', '123']);
  });

  it('groups thousands of money only', () => {
    expect(['0.00', '-1234567.5', '999', '1000'].map(groupedMoney)).toEqual(['0.00', '-1,234,567.5', '999', '1,000']);
  });
});
