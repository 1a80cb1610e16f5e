import { createReadStream, renameSync, rmSync } from 'node:fs';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import { forgetTempFile, hiddenTempPath, throwIfStopped } from './AtomicFile.js';
import type { CellKind } from '../templates/spreadsheetKinds.js';
import { SPREADSHEET_DIGITS, spreadsheetCell } from './spreadsheetCell.js';

/**
 * Every zip entry and the document's created/modified time: fixed, so the same CSV always gives the same bytes
 * (the manifest's sha256 then says "same" for an unchanged file). 1980-01-01 is the first time a zip can hold.
 */
const FIXED_TIME = new Date(Date.UTC(1980, 0, 1));

/**
 * Cell notes a sheet gets at most. exceljs holds notes in memory until the sheet is done (their zip entries come
 * after it), so past this many the number column's header note speaks for the rest: bounded for a million rows.
 */
export const MAX_NOTES = 10_000;

export const COLUMN_NOTE =
  `Numbers where ${SPREADSHEET_DIGITS} significant digits hold the exact value; a longer one is text with the exact digits ` +
  `(and a note of its own, for the first ${MAX_NOTES.toLocaleString('en')} of this sheet).`;

type Append = (source: unknown, data: { name: string; date?: Date }) => unknown;

/**
 * exceljs stamps every zip entry with the current time and has no option for it, so each entry's date is set
 * where it is appended. Its constructor appends the first entries (`addThemes` first), hence the hook there.
 */
class FixedTimeWorkbook extends ExcelJS.stream.xlsx.WorkbookWriter {
  override addThemes(): Promise<void> {
    const zip = (this as unknown as { zip: { append: Append } }).zip;
    const append = zip.append.bind(zip);
    zip.append = (source, data) => append(source, { ...data, date: FIXED_TIME });
    return super.addThemes();
  }
}

/**
 * The `.xlsx` twin of a finished CSV file: one sheet, the CSV's header frozen on top, each cell typed by its
 * column (`spreadsheetCell`: numbers only where every digit survives, else text with a note). Streams the CSV
 * through exceljs's WorkbookWriter row by row (inline strings, no shared-string table), so no row is held once
 * written; exceljs's buffers take no backpressure, though, so XML the zip has not compressed yet waits in memory
 * (docs/templates.md "Spreadsheets" has the figures). Written under a hidden name like `AtomicFile`, named by `publish`.
 */
export class XlsxTwin {
  readonly path: string;
  private readonly tempPath: string;

  constructor(
    private readonly csvPath: string,
    finalPath: string,
    private readonly kinds: readonly CellKind[],
  ) {
    this.path = finalPath;
    this.tempPath = hiddenTempPath(finalPath);
  }

  /** Writes the whole spreadsheet from the CSV (the CSV must be complete). */
  async close(): Promise<void> {
    try {
      const book = new FixedTimeWorkbook({ filename: this.tempPath, useSharedStrings: false, useStyles: true });
      book.creator = 'ledgerscan';
      book.lastModifiedBy = 'ledgerscan';
      book.created = FIXED_TIME;
      book.modified = FIXED_TIME;
      const sheet = book.addWorksheet('Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
      let header = true;
      let notes = 0;
      for await (const record of createReadStream(this.csvPath).pipe(parse({ bom: true, relax_column_count: true })) as AsyncIterable<
        string[]
      >) {
        const cells = record.map((text, i) =>
          header
            ? { value: text, note: this.kinds[i] === 'number' ? COLUMN_NOTE : null, format: null }
            : spreadsheetCell(text, this.kinds[i] ?? 'text'),
        );
        const row = sheet.addRow(cells.map((cell) => cell.value));
        cells.forEach((cell, i) => {
          if (cell.format !== null) row.getCell(i + 1).numFmt = cell.format;
          if (cell.note === null || (!header && notes >= MAX_NOTES)) return;
          row.getCell(i + 1).note = cell.note;
          if (!header) notes += 1;
        });
        row.commit();
        header = false;
        throwIfStopped();
      }
      await book.commit();
    } catch (error) {
      throw new LedgerscanError('cannot write spreadsheet file', { details: { file: this.path }, cause: error, kind: 'input' });
    }
  }

  publish(): void {
    renameSync(this.tempPath, this.path);
    forgetTempFile(this.tempPath);
  }

  abort(): Promise<void> {
    rmSync(this.tempPath, { force: true });
    forgetTempFile(this.tempPath);
    return Promise.resolve();
  }
}
