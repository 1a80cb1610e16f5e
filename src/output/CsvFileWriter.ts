import { stringify } from 'csv-stringify/sync';
import { AtomicFile } from './AtomicFile.js';
import { neutraliseCell } from './neutraliseCell.js';

export interface CsvFileOptions {
  header: readonly string[];
  lineEnding: 'lf' | 'crlf';
  /** `false` for tools that read a trailing line break as one more (duplicate) record, e.g. CoinTracking. */
  finalNewline: boolean;
}

/** Rows per csv-stringify call: large enough to amortise the call, small enough to keep memory flat. */
const chunkRows = 2000;

/**
 * Streams string rows into an atomically written CSV file. Cells are neutralised against formula injection
 * here, the last step before the file, so no renderer can forget it.
 */
export class CsvFileWriter {
  private readonly file: AtomicFile;
  private readonly options: CsvFileOptions;
  private readonly eol: string;
  private pending: string[][] = [];
  private rows = 0;
  private wroteAny = false;

  constructor(finalPath: string, options: CsvFileOptions) {
    this.file = new AtomicFile(finalPath);
    this.options = options;
    this.eol = options.lineEnding === 'crlf' ? '\r\n' : '\n';
    this.pending.push(options.header.map(neutraliseCell));
  }

  get path(): string {
    return this.file.finalPath;
  }

  get rowCount(): number {
    return this.rows;
  }

  async writeRow(cells: readonly string[]): Promise<void> {
    this.pending.push(cells.map(neutraliseCell));
    this.rows += 1;
    if (this.pending.length >= chunkRows) await this.flush();
  }

  async commit(): Promise<void> {
    await this.flush();
    if (this.options.finalNewline) await this.file.write(this.eol);
    await this.file.commit();
  }

  async abort(): Promise<void> {
    await this.file.abort();
  }

  /** Each chunk is written without its last line break, which the next chunk (or `commit`) supplies. */
  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const text = stringify(this.pending, { record_delimiter: this.eol, eof: false });
    this.pending = [];
    await this.file.write(this.wroteAny ? this.eol + text : text);
    this.wroteAny = true;
  }
}
