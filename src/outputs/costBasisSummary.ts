import type { GainRow } from '../costbasis/BasisReport.js';
import type { TaxProfile } from '../costbasis/CostBasisSettings.js';
import { gainMoney } from '../costbasis/GainSink.js';
import { DateFormatter } from '../templates/DateFormatter.js';
import { DisposalCount, KnownMoneySum, unknownGain } from './basisTotals.js';
import { moneyTextOf } from './moneyText.js';

export const SUMMARY_FILE = 'costbasis-summary.csv';

export const SUMMARY_HEADER = [
  'tax_year',
  'chain_id',
  'asset',
  'asset_contract',
  'term',
  'disposals',
  'proceeds',
  'selling_costs',
  'cost_basis',
  'gain',
  'unknown_rows',
  'currency',
] as const;

/** The tax year of a day (`YYYY-MM-DD`, the job's zone): the UK's runs from 6 April (`2024/25`), the others' are calendar years. */
export function taxYearOf(day: string, profile: TaxProfile): string {
  const year = Number(day.slice(0, 4));
  if (profile !== 'uk') return String(year);
  const start = day.slice(5) >= '04-06' ? year : year - 1;
  return `${start}/${String((start + 1) % 100).padStart(2, '0')}`;
}

interface SummaryLine {
  taxYear: string;
  chainId: number;
  asset: string;
  assetContract: string;
  term: string;
  disposals: DisposalCount;
  proceeds: KnownMoneySum;
  sellingCosts: KnownMoneySum;
  costBasis: KnownMoneySum;
  gain: KnownMoneySum;
  unknown: number;
}

const termOrder = ['short', 'long', ''];

/**
 * `costbasis-summary.csv`: per tax year (of the sale's day in the job's zone), asset (chain and contract) and term,
 * the disposals, the sums of their rows' money (exact until written; over the known rows, empty when none is known)
 * and the rows with some unknown money.
 */
export function summaryRecords(
  gains: Iterable<GainRow>,
  settings: { profile: TaxProfile; timezone: string; currency: string },
): string[][] {
  const summary = new SummaryLines(settings);
  for (const row of gains) summary.add(row);
  return summary.records();
}

/** The summary's lines summed row by row, so the rows can be read once for `gains.csv` and the summary alike. */
export class SummaryLines {
  private readonly days: DateFormatter;
  private readonly lines = new Map<string, SummaryLine>();
  private last: (Pick<GainRow, 'soldAt' | 'chainId' | 'assetContract' | 'term'> & { line: SummaryLine }) | null = null;

  constructor(private readonly settings: { profile: TaxProfile; timezone: string; currency: string }) {
    this.days = new DateFormatter('yyyy-MM-dd', settings.timezone);
  }

  add(row: GainRow): void {
    // A disposal's rows come together and mostly share their line: the sale's day formatted and the key made once.
    const last = this.last;
    const line =
      last !== null &&
      row.soldAt === last.soldAt &&
      row.chainId === last.chainId &&
      row.assetContract === last.assetContract &&
      row.term === last.term
        ? last.line
        : this.lineOf(row);
    const money = gainMoney(row);
    line.disposals.add(row);
    line.proceeds.add(money.proceeds);
    line.sellingCosts.add(money.sellingCosts);
    line.costBasis.add(money.costBasis);
    line.gain.add(money.gain);
    if (unknownGain(money)) line.unknown += 1;
  }

  private lineOf(row: GainRow): SummaryLine {
    const taxYear = taxYearOf(this.days.format(row.soldAt), this.settings.profile);
    const term = row.term ?? '';
    const key = `${taxYear}|${row.chainId}|${row.assetContract}|${term}`;
    let line = this.lines.get(key);
    if (line === undefined) {
      line = {
        taxYear,
        chainId: row.chainId,
        asset: row.asset,
        assetContract: row.assetContract,
        term,
        disposals: new DisposalCount(),
        proceeds: new KnownMoneySum(),
        sellingCosts: new KnownMoneySum(),
        costBasis: new KnownMoneySum(),
        gain: new KnownMoneySum(),
        unknown: 0,
      };
      this.lines.set(key, line);
    }
    this.last = { soldAt: row.soldAt, chainId: row.chainId, assetContract: row.assetContract, term: row.term, line };
    return line;
  }

  records(): string[][] {
    const { currency } = this.settings;
    const money = (sum: KnownMoneySum): string => moneyTextOf(sum.value(), currency);
    return [...this.lines.values()]
      .sort(
        (a, b) =>
          compareText(a.taxYear, b.taxYear) ||
          a.chainId - b.chainId ||
          compareText(a.assetContract, b.assetContract) ||
          termOrder.indexOf(a.term) - termOrder.indexOf(b.term),
      )
      .map((line) => [
        line.taxYear,
        String(line.chainId),
        line.asset,
        line.assetContract,
        line.term,
        String(line.disposals.size),
        money(line.proceeds),
        money(line.sellingCosts),
        money(line.costBasis),
        money(line.gain),
        String(line.unknown),
        currency,
      ]);
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
