import type { GainRow } from '../costbasis/BasisReport.js';
import { InputError } from '../errors/LedgerscanError.js';

/** A row a form cannot be written with: one of its figures is unknown. */
export interface UnknownFigure {
  entryId: string;
  /** `proceeds` (also a sale's selling costs, or an income's value): never written as 0; `basis`: 0 with `--zero-basis-for-missing`. */
  figure: 'proceeds' | 'basis';
}

/** What of a gain row a form cannot write: its proceeds (or selling costs) and its cost basis, each when unknown. */
export function unknownFigures(row: GainRow): UnknownFigure[] {
  return [
    ...(row.proceeds === null || row.sellingCosts === null ? [{ entryId: row.entryId, figure: 'proceeds' as const }] : []),
    ...(row.costBasis === null ? [{ entryId: row.entryId, figure: 'basis' as const }] : []),
  ];
}

const SHOWN = 3;

/**
 * Refuses a form that would hold an unknown figure — a tax return takes no empty cell and no silent 0 — naming the
 * rows' entries (the first few and how many) and the fix, in one line (exit 2). An unknown basis passes with
 * `zeroBasis`; unknown proceeds never do.
 */
export function refuseUnknown(form: string, figures: readonly UnknownFigure[], zeroBasis: boolean): void {
  const proceeds = figures.filter((one) => one.figure === 'proceeds');
  const basis = zeroBasis ? [] : figures.filter((one) => one.figure === 'basis');
  if (proceeds.length === 0 && basis.length === 0) return;
  const parts = [
    ...(proceeds.length === 0 ? [] : [`${rowsText(proceeds)} with unknown proceeds (entries ${entriesText(proceeds)})`]),
    ...(basis.length === 0 ? [] : [`${rowsText(basis)} with an unknown cost basis (entries ${entriesText(basis)})`]),
  ];
  const fixes = [
    ...(proceeds.length === 0 ? [] : ['price the rows of prices-missing.csv (a price file), as unknown proceeds are never written']),
    ...(basis.length === 0
      ? []
      : ['price or open the lots costbasis-issues.csv names, or pass --zero-basis-for-missing to write 0 for an unknown basis']),
  ];
  throw new InputError(`${form} refused: ${parts.join(' and ')}`, { details: { fix: fixes.join('; ') } });
}

function rowsText(figures: readonly UnknownFigure[]): string {
  return `${figures.length} row${figures.length === 1 ? '' : 's'}`;
}

function entriesText(figures: readonly UnknownFigure[]): string {
  const entries = [...new Set(figures.map((one) => one.entryId))];
  const shown = entries.slice(0, SHOWN).join(', ');
  return entries.length > SHOWN ? `${shown} and ${entries.length - SHOWN} more` : shown;
}
