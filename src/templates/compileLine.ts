import type { LegValue } from '../prices/valueLeg.js';
import { valueRecordText } from '../prices/valueRecord.js';
import type { Cell, CellTools } from './compileRow.js';
import { compileCells, rowValuer } from './compileRow.js';
import { csvLine } from './csvLine.js';
import type { Posting } from './Posting.js';
import type { Template } from './Template.js';
import { onlyLegValue, VALUE_RECORD_FIELDS } from './valueCells.js';
import type { ViewRow } from './ViewRow.js';

export type RowLine = (row: ViewRow, posting: Posting | null) => string;

/**
 * One CSV record per row, without its line break. A template ending in the value record's six columns (the
 * ledger's) writes them as one trusted text per row (`valueRecordText`) after its other cells: at a million
 * rows, six more cells to call, neutralise, join and scan for commas cost valuation more than pricing them did.
 * The line is byte for byte what `csvLine` writes of all the cells.
 */
export function compileLine(template: Template, tools: CellTools, eol: '\n' | '\r\n'): RowLine {
  const record = template.columns.length - VALUE_RECORD_FIELDS.length;
  const endsInRecord = record >= 0 && VALUE_RECORD_FIELDS.every((field, i) => template.columns[record + i]?.field === field);
  const valuer = rowValuer(tools);
  // Balance rows come only from a template's balances (`csvBatches`).
  const cells = compileCells(
    endsInRecord ? { ...template, columns: template.columns.slice(0, record) } : template,
    { ...tools, valuer },
    template.balances !== 'none',
  );
  const count = cells.length;
  // As the `entry.*` cells: blank on a balance row (`fieldCell`), else the row's one leg valued.
  const valueOf = (row: ViewRow): LegValue | null => (row.balance !== null ? null : onlyLegValue(valuer, row));
  return (row, posting) => {
    const out = new Array<string>(endsInRecord ? count + 1 : count);
    for (let i = 0; i < count; i += 1) out[i] = (cells[i] as Cell)(row, posting);
    if (endsInRecord) out[count] = valueRecordText(valueOf(row));
    return csvLine(out, eol, count);
  };
}
