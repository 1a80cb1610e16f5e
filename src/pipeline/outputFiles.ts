import path from 'node:path';
import { AtomicFile } from '../output/AtomicFile.js';
import { CsvFileWriter } from '../output/CsvFileWriter.js';
import { XlsxTwin } from '../output/XlsxTwin.js';
import type { CellKind } from '../templates/spreadsheetKinds.js';
import type { OutputCsv, OutputFiles } from '../outputs/Output.js';

/** The outputs' files of one export: delivered CSVs and text files in the out dir, published together; kept files in the run's folder. */
export class OutputFileSet implements Omit<OutputFiles, 'tieout'> {
  private readonly writers: { writer: CsvFileWriter; xlsx?: readonly CellKind[] }[] = [];
  private readonly twins: XlsxTwin[] = [];
  private readonly keptFiles: AtomicFile[] = [];
  private readonly texts: AtomicFile[] = [];

  constructor(
    private readonly outDir: string,
    /** A workspace run's folder; `null` where no output needing one runs. */
    private readonly runFolder: string | null,
  ) {}

  csv(name: string, header: readonly string[], options: { xlsx?: readonly CellKind[]; lineEnding?: 'lf' | 'crlf' } = {}): OutputCsv {
    const { lineEnding = 'lf', ...twin } = options;
    const writer = new CsvFileWriter(path.join(this.outDir, name), { header: [...header], lineEnding, finalNewline: true });
    this.writers.push({ writer, ...twin });
    return {
      name,
      async write(record) {
        writer.writeRow(record);
        if (writer.full) await writer.flush();
      },
      add: (record) => writer.writeRow(record),
      addLine: (line) => writer.writeLine(line),
      get full() {
        return writer.full;
      },
      flush: () => writer.flush(),
    };
  }

  async text(name: string, text: string): Promise<void> {
    const file = new AtomicFile(path.join(this.outDir, name));
    this.texts.push(file);
    await file.write(text);
  }

  async kept(name: string, text: string): Promise<void> {
    if (this.runFolder === null) throw new Error(`${name} is kept in a run's folder, and this run has none`);
    const file = new AtomicFile(path.join(this.runFolder, name));
    this.keptFiles.push(file);
    await file.write(text);
  }

  /** Publishes every file, spreadsheet twins made first; the delivered ones' paths, for the manifest. */
  async commit(): Promise<string[]> {
    for (const { writer, xlsx } of this.writers) {
      await writer.close();
      if (xlsx === undefined) continue;
      const twin = new XlsxTwin(writer.unpublishedPath, writer.path.replace(/(\.csv)?$/, '.xlsx'), xlsx);
      this.twins.push(twin);
      await twin.close();
    }
    for (const file of this.texts) await file.close();
    for (const { writer } of this.writers) writer.publish();
    for (const twin of this.twins) twin.publish();
    for (const file of this.texts) file.publish();
    for (const file of this.keptFiles) await file.commit();
    return [
      ...this.writers.map(({ writer }) => writer.path),
      ...this.twins.map((twin) => twin.path),
      ...this.texts.map((file) => file.finalPath),
    ];
  }

  async abort(): Promise<void> {
    for (const { writer } of this.writers) await writer.abort();
    for (const twin of this.twins) await twin.abort();
    for (const file of [...this.texts, ...this.keptFiles]) await file.abort();
  }
}
