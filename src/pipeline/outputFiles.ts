import path from 'node:path';
import { AtomicFile } from '../output/AtomicFile.js';
import { CsvFileWriter } from '../output/CsvFileWriter.js';
import type { OutputCsv, OutputFiles } from '../outputs/Output.js';

/** The outputs' files of one export: delivered CSVs in the out dir, published together; kept files in the run's folder. */
export class OutputFileSet implements OutputFiles {
  private readonly writers: CsvFileWriter[] = [];
  private readonly keptFiles: AtomicFile[] = [];

  constructor(
    private readonly outDir: string,
    /** A workspace run's folder; `null` where no output needing one runs. */
    private readonly runFolder: string | null,
  ) {}

  csv(name: string, header: readonly string[]): OutputCsv {
    const writer = new CsvFileWriter(path.join(this.outDir, name), { header: [...header], lineEnding: 'lf', finalNewline: true });
    this.writers.push(writer);
    return {
      async write(record) {
        writer.writeRow(record);
        if (writer.full) await writer.flush();
      },
    };
  }

  async kept(name: string, text: string): Promise<void> {
    if (this.runFolder === null) throw new Error(`${name} is kept in a run's folder, and this run has none`);
    const file = new AtomicFile(path.join(this.runFolder, name));
    this.keptFiles.push(file);
    await file.write(text);
  }

  /** Publishes every file; the delivered ones' paths, for the manifest. */
  async commit(): Promise<string[]> {
    for (const writer of this.writers) await writer.commit();
    for (const file of this.keptFiles) await file.commit();
    return this.writers.map((writer) => writer.path);
  }

  async abort(): Promise<void> {
    for (const writer of this.writers) await writer.abort();
    for (const file of this.keptFiles) await file.abort();
  }
}
