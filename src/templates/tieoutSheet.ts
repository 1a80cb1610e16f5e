import path from 'node:path';
import { findChain } from '../chains/chains.js';
import { InputError, LedgerscanError } from '../errors/LedgerscanError.js';
import type { RoundingResidual } from './AmountFormatter.js';
import type { CellKind } from './spreadsheetKinds.js';
import type { Template } from './Template.js';
import { builtinTemplateDir } from './templateCatalog.js';
import type { TieAmounts, TieAsset, TieLine, TieState } from './TieTally.js';
import type { ValueTotalsState } from './ValueTotals.js';
import { minorText } from './ValueTotals.js';

/** The sheet every export writes beside its templates' files. */
export const TIEOUT_FILE = 'tieout.csv';

export const TIEOUT_HEADER = [
  'template',
  'chain_id',
  'chain',
  'wallet',
  'asset',
  'asset_contract',
  'decimals',
  'line',
  'reason',
  'rows',
  'in',
  'out',
  'fees',
  'rounding_residual',
];

/** Its spreadsheet twin (with the job's `xlsx`). */
export const TIEOUT_XLSX = 'tieout.xlsx';

/** The sheet's columns in a spreadsheet: `in`, `out` and `fees` are base units (exact integers), so text. */
export const TIEOUT_KINDS: readonly CellKind[] = [
  'text',
  'number',
  'text',
  'text',
  'text',
  'text',
  'number',
  'text',
  'text',
  'number',
  'text',
  'text',
  'text',
  'number',
];

/** One template's tie-out as rendering left it. */
export interface TemplateTie {
  template: Template;
  tie: TieState;
  residuals: RoundingResidual[];
  /** A valued export's sums of the values the template's rows carry; absent or `null`: no value line. */
  values?: ValueTotalsState | null;
}

const lineOrder: readonly TieLine[] = ['ledger', 'template', 'explained', 'stated'];

/**
 * The tie-out sheet's records: per template and holding the ledger's totals, the template's, each reason it
 * left out or merged an amount, and its balance rows; then the template's rounding residuals per currency and,
 * valued, the sums of the values its rows carry (`value` line, in the book's currency). The ties were checked
 * (`checkTies`) before.
 */
export function tieoutSheet(ties: readonly TemplateTie[]): string[][] {
  const records: string[][] = [];
  for (const { template, tie, residuals, values } of ties) {
    for (const [asset, lines] of holdingLines(tie)) {
      for (const line of lines) {
        records.push([
          ...holdingCells(template.name, asset),
          line.line,
          line.reason,
          String(line.rows),
          line.in.toString(),
          line.out.toString(),
          line.fees.toString(),
          '',
        ]);
      }
    }
    for (const residual of residuals) {
      records.push([
        template.name,
        '',
        '',
        '',
        residual.currency,
        '',
        '',
        'rounding',
        '',
        String(residual.roundedCells),
        '',
        '',
        '',
        residual.residual,
      ]);
    }
    const categories = [...tie.categories.values()].sort(
      (a, b) => compareText(a.category, b.category) || compareText(a.writtenAs, b.writtenAs),
    );
    for (const { category, writtenAs, rows } of categories) {
      const reason = `category ${category} has no type of its own in ${template.name}: written as ${writtenAs}`;
      records.push([template.name, '', '', '', '', '', '', 'category', reason, String(rows), '', '', '', '']);
    }
    if (values !== undefined && values !== null) records.push(valueRecord(template.name, values));
  }
  return records;
}

/**
 * Throws when a template's ledger totals differ from its rows' plus what it explains, naming template and asset: a
 * template must never drop value silently. Checked before any of the export's files is published.
 */
export function checkTies(ties: readonly TemplateTie[]): void {
  for (const { template, tie } of ties) for (const [asset, lines] of holdingLines(tie)) checkTied(template, asset, lines);
}

/** A tally's lines per holding, holdings and lines in the sheet's order. */
function holdingLines(tie: TieState): [TieAsset, TieAmounts[]][] {
  const byHolding = new Map<string, TieAmounts[]>();
  for (const amounts of tie.amounts.values()) {
    const list = byHolding.get(amounts.holding);
    if (list === undefined) byHolding.set(amounts.holding, [amounts]);
    else list.push(amounts);
  }
  const holdings = [...byHolding.keys()].sort((a, b) => compareAssets(tie.assets.get(a) as TieAsset, tie.assets.get(b) as TieAsset));
  return holdings.map((holding) => [
    tie.assets.get(holding) as TieAsset,
    (byHolding.get(holding) as TieAmounts[]).sort(
      (a, b) => lineOrder.indexOf(a.line) - lineOrder.indexOf(b.line) || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0),
    ),
  ]);
}

/** The template's value totals in the book's currency: legs valued in `rows`, those without a value in `reason`. */
function valueRecord(template: string, values: ValueTotalsState): string[] {
  const text = (units: string): string => minorText(units, values.currency);
  const reason = values.unvalued === 0 ? '' : `${values.unvalued} legs without a value`;
  return [
    template,
    '',
    '',
    '',
    values.currency,
    '',
    '',
    'value',
    reason,
    String(values.valued),
    text(values.in),
    text(values.out),
    text(values.fees),
    '',
  ];
}

function holdingCells(template: string, asset: TieAsset): string[] {
  const chain = findChain(asset.chainId)?.slug ?? String(asset.chainId);
  return [
    template,
    String(asset.chainId),
    chain,
    asset.wallet,
    asset.asset,
    asset.assetContract,
    asset.decimals === null ? '' : String(asset.decimals),
  ];
}

function compareAssets(a: TieAsset, b: TieAsset): number {
  return a.chainId - b.chainId || compareText(a.wallet, b.wallet) || compareText(a.assetContract, b.assetContract);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Ledger = template + explained, per side, to the base unit. */
function checkTied(template: Template, asset: TieAsset, lines: readonly TieAmounts[]): void {
  const unexplained = { in: 0n, out: 0n, fees: 0n };
  for (const line of lines) {
    const sign = line.line === 'ledger' ? 1n : line.line === 'stated' ? 0n : -1n;
    unexplained.in += sign * line.in;
    unexplained.out += sign * line.out;
    unexplained.fees += sign * line.fees;
  }
  const sides = (['in', 'out', 'fees'] as const).filter((side) => unexplained[side] !== 0n);
  if (sides.length === 0) return;
  const details = {
    template: template.name,
    asset: `${asset.asset || asset.assetContract || 'native'}${asset.assetContract === '' ? '' : ` (${asset.assetContract})`}`,
    chain: findChain(asset.chainId)?.slug ?? String(asset.chainId),
    wallet: asset.wallet,
    unexplained:
      sides.map((side) => `${side} ${unexplained[side].toString()}`).join(', ') + ' base units (ledger minus template and its reasons)',
  };
  const shortMessage = `template ${template.name} loses value of ${details.asset}: its rows do not carry every ledger amount`;
  if (isBuiltin(template)) {
    throw new LedgerscanError(shortMessage, {
      kind: 'defect',
      details: {
        ...details,
        fix: `a defect in the built-in template: please report this message; leave --template ${template.name} out to export the others`,
      },
    });
  }
  throw new InputError(shortMessage, {
    details: {
      ...details,
      file: template.source,
      fix: 'give every amount a column (sent.amount, received.amount, fee.amount, entry.amount or posting.amount)',
    },
  });
}

function isBuiltin(template: Template): boolean {
  return path.dirname(path.resolve(template.source)) === builtinTemplateDir();
}
