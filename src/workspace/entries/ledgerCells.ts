import type { LedgerEntry } from '../../ledger/LedgerEntry.js';
import { AmountFormatter } from '../../templates/AmountFormatter.js';
import { AssetNamer } from '../../templates/AssetNamer.js';
import { compileRow } from '../../templates/compileRow.js';
import { entryRow } from '../../templates/entryRow.js';
import { loadBuiltinTemplate } from '../../templates/templateCatalog.js';
import type { RowPrices } from '../../prices/valueLeg.js';
import type { Template } from '../../templates/Template.js';

export interface LedgerCells {
  columns: string[];
  /** The entry's cells exactly as `ledger.csv` writes them (before the CSV writer neutralises formulas). */
  cells(entry: LedgerEntry): string[];
}

/** The built-in template, read once a process: it ships with the code, and each refresh asked for it twice (≈ 1 ms each). */
let ledgerTemplate: Template | undefined;

/**
 * The `ledger.csv` columns through the built-in template itself, so the table and its CSV download have the
 * export's columns and cells, and a column the template gains reaches the table with it. With `prices` (a
 * prepared valuation) the value cells are filled as a valued export fills them; without, they stay empty.
 */
export function ledgerCells(prices: RowPrices | null = null): LedgerCells {
  const template = (ledgerTemplate ??= loadBuiltinTemplate('ledger'));
  const cellsOf = compileRow(template, {
    amounts: new AmountFormatter(template.amounts.maxDecimals, template.amounts.rounding),
    names: new AssetNamer(template.nftNaming, template.unknownTokenNaming),
    prices,
  });
  return { columns: template.columns.map((column) => column.header), cells: (entry) => cellsOf(entryRow(entry), null) };
}
