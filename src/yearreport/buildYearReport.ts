import { foldNftCollections } from '../holdings/foldNftCollections.js';
import { Decimal } from '../ledger/money.js';
import type { GainFigures } from '../outputs/reportFiguresOutput.js';
import { minorUnits } from '../prices/minorUnits.js';
import { filesSection, openItemsSection, reconcileSection } from './checkSections.js';
import { groupedMoney, left, right, text } from './reportCells.js';
import type { ReportSection, YearReport } from './YearReport.js';
import type { HoldingFact, YearReportFacts } from './YearReportFacts.js';

/** The profile's names for its split of the gains. */
const TERM_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  de: { short: 'Within one year (§23 EStG, taxable)', long: 'After one year (exempt)', none: 'No acquisition known' },
  default: { short: 'Short term (held one year or less)', long: 'Long term (held over one year)', none: 'No term (no acquisition known)' },
};

/**
 * The year report of one client and period from its facts: who and what, holdings at the start and the end, income,
 * realised gains in the profile's split, fees, what is left open (missing prices, cost-basis issues, each with what
 * to do), the reconciliation and every summarised file's sha256. Its money is the figures' text (the files' totals),
 * only grouped.
 */
export function buildYearReport(facts: YearReportFacts): YearReport {
  return {
    title: `Year report ${facts.period.label}`,
    subtitle: `${facts.client} · ${facts.period.from} to ${facts.period.to} (${facts.period.timezone}) · ${facts.valuation.currency}`,
    sections: [
      clientSection(facts),
      holdingsSection(facts),
      incomeSection(facts),
      gainsSection(facts),
      feesSection(facts),
      openItemsSection(facts),
      reconcileSection(facts),
      filesSection(facts),
    ],
    footer: `${facts.client} · year report ${facts.period.label} · ledgerscan ${facts.toolVersion}`,
  };
}

function clientSection(facts: YearReportFacts): ReportSection {
  const { valuation, costBasis } = facts;
  return {
    title: 'Client and period',
    blocks: [
      {
        kind: 'facts',
        rows: [
          ['Client', facts.client],
          ['Period', `${facts.period.from} to ${facts.period.to}, days in ${facts.period.timezone}`],
          ['Chains', facts.chains.join(', ')],
          ['Currency', valuation.currency],
          [
            'Price sources',
            `${valuation.sources.join(', ')} (first found wins)${valuation.fx === null ? '' : `; exchange rates: ${valuation.fx}`}`,
          ],
          [
            'Cost basis',
            `${costBasis.method}, ${costBasis.scope} scope, profile ${costBasis.profile}${costBasis.changes.length === 0 ? '' : `; ${costBasis.changes.join('; ')}`}`,
          ],
          ['Made', `${facts.generatedAt} by ledgerscan ${facts.toolVersion}`],
        ],
      },
      {
        kind: 'table',
        columns: [left('Wallet', 2), left('Address', 5, true), left('Chains', 3)],
        rows: facts.wallets.map((wallet) => [wallet.label, wallet.address, wallet.chains]),
      },
    ],
  };
}

function holdingsSection(facts: YearReportFacts): ReportSection {
  const currency = facts.valuation.currency;
  const holdings = foldNftCollections(
    facts.holdings,
    collectionOf,
    (group) => foldCollection(group, currency),
    (holding) => holding,
  );
  const sum = (pick: ValuePick): string => knownValue(holdings, pick, currency);
  const money = (value: string | null): string => (value === null ? '' : groupedMoney(value));
  const unvalued = holdings.filter((holding) => holding.openingValue === null || holding.closingValue === null).length;
  const rows = holdings.map((holding) => [
    holding.walletLabel || holding.wallet,
    holding.chain,
    holding.asset,
    holding.opening,
    money(holding.openingValue),
    holding.closing,
    money(holding.closingValue),
  ]);
  return {
    title: 'Holdings at the start and the end',
    blocks: [
      text(
        `Each wallet's assets as the reconciliation rolled the ledger forward (spam left out), valued in ${currency} at the last second before the period and at its last second.` +
          (unvalued === 0 ? '' : ` ${unvalued} holdings have no price at one end or both: their value is empty and not in the totals.`),
      ),
      holdings.length === 0
        ? text('No holdings at either end of the period.')
        : {
            kind: 'table',
            columns: [
              left('Wallet', 1.5),
              left('Chain', 2.1),
              left('Asset', 1.8),
              right('Start', 3.4),
              right(`Value ${currency}`, 2.3),
              right('End', 3.4),
              right(`Value ${currency}`, 2.3),
            ],
            rows,
            total: [
              'Total',
              '',
              '',
              '',
              groupedMoney(sum((holding) => holding.openingValue)),
              '',
              groupedMoney(sum((holding) => holding.closingValue)),
            ],
          },
    ],
  };
}

type ValuePick = (holding: HoldingFact) => string | null;

/** The known values summed, in the currency's minor unit. */
const knownValue = (holdings: readonly HoldingFact[], pick: ValuePick, currency: string): string =>
  holdings.reduce((total, holding) => total.plus(pick(holding) ?? 0), new Decimal(0)).toFixed(minorUnits(currency));

/** An NFT's collection in one wallet on one chain: its token ids are one row. */
const collectionOf = (holding: HoldingFact): string | null =>
  holding.tokenId === null ? null : [holding.chain, holding.wallet, holding.assetContract].join('|');

/** A collection's token ids as one row: the tokens held at each end counted, valued only when every id is. */
function foldCollection(group: readonly HoldingFact[], currency: string): HoldingFact {
  const first = group[0] as HoldingFact;
  const count = (pick: (holding: HoldingFact) => string): string =>
    group.reduce((total, holding) => total + BigInt(pick(holding)), 0n).toString();
  const value = (pick: ValuePick): string | null =>
    group.some((holding) => pick(holding) === null) ? null : knownValue(group, pick, currency);
  return {
    ...first,
    asset: `${first.asset} (${group.length} token id${group.length === 1 ? '' : 's'})`,
    tokenId: null,
    opening: count((holding) => holding.opening),
    closing: count((holding) => holding.closing),
    openingValue: value((holding) => holding.openingValue),
    closingValue: value((holding) => holding.closingValue),
  };
}

function incomeSection(facts: YearReportFacts): ReportSection {
  const { figures } = facts;
  const unknown = figures.incomeTotal.unknownRows;
  return {
    title: 'Income',
    blocks:
      figures.income.length === 0
        ? [text('No income in the period.')]
        : [
            text(
              `Income at its value when received (income.csv), which is also the cost of the lot it opened.` +
                (unknown === 0 ? '' : ` ${unknown} rows have no value: not in the totals.`),
            ),
            {
              kind: 'table',
              columns: [left('Category', 4), right('Rows', 1), right(`Value ${figures.currency}`, 2)],
              rows: figures.income.map((line) => [line.category, String(line.rows), groupedMoney(line.value)]),
              total: ['Total', String(figures.incomeTotal.rows), groupedMoney(figures.incomeTotal.value)],
            },
          ],
  };
}

const gainCells = (line: GainFigures): string[] => [
  String(line.disposals),
  groupedMoney(line.proceeds),
  groupedMoney(line.sellingCosts),
  groupedMoney(line.costBasis),
  groupedMoney(line.gain),
];

function gainsSection(facts: YearReportFacts): ReportSection {
  const { figures } = facts;
  const labels = TERM_LABELS[figures.profile] ?? TERM_LABELS.default ?? {};
  const byYear = figures.split.by === 'taxYear';
  const unknown = figures.gains.unknownRows;
  return {
    title: 'Realised gains',
    blocks: [
      text(
        `Disposals of the period (gains.csv: ${figures.gains.rows} rows), lots taken ${facts.costBasis.method === 'average' ? 'at the pool’s average cost' : `by ${facts.costBasis.method}`}; ` +
          `gain = proceeds - selling costs - cost basis. Totals are the exact amounts summed, then rounded once.` +
          (unknown === 0 ? '' : ` ${unknown} rows have some money unknown: left out of every total (see Open items).`),
      ),
      {
        kind: 'table',
        columns: [
          left(byYear ? 'Tax year' : 'Term', 4),
          right('Disposals', 1.3),
          right('Proceeds', 2),
          right('Selling costs', 2),
          right('Cost basis', 2),
          right('Gain', 2),
        ],
        rows: figures.split.lines.map((line) => [
          byYear ? `${line.key} (6 April to 5 April)` : (labels[line.key] ?? line.key),
          ...gainCells(line),
        ]),
        total: ['Total', ...gainCells(figures.gains)],
      },
      {
        kind: 'facts',
        rows: [
          [
            'Removals',
            `${figures.removals.rows} rows left without a gain (gifts, donations, losses, unclassified out), cost basis ${groupedMoney(figures.removals.costBasis)} ${figures.currency}`,
          ],
          [
            'Open lots',
            `${figures.openLots.rows} lots held at the period's end (lots-open.csv), cost basis ${groupedMoney(figures.openLots.costBasis)} ${figures.currency}`,
          ],
        ],
      },
    ],
  };
}

function feesSection(facts: YearReportFacts): ReportSection {
  const { fees, currency } = facts.figures;
  return {
    title: 'Fees',
    blocks: [
      {
        kind: 'facts',
        rows: [
          [
            'Fees paid',
            `${groupedMoney(fees.proceeds)} ${currency}: the native coin spent on ${fees.disposals} transactions' fees, at its value`,
          ],
          ['Gain on it', `${groupedMoney(fees.gain)} ${currency}: spending the coin is a disposal, in the realised gains above`],
          ['Selling costs', `${groupedMoney(fees.deducted)} ${currency} of fees deducted from the proceeds of the disposals they paid for`],
        ],
      },
    ],
  };
}
