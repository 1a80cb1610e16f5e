import { AtomicFile } from './AtomicFile.js';

/** Buffers text blocks (journal transactions) into an atomically written file. */
export class TextFileWriter {
  private readonly file: AtomicFile;
  private buffer: string[] = [];
  private bufferedChars = 0;

  constructor(finalPath: string) {
    this.file = new AtomicFile(finalPath);
  }

  get path(): string {
    return this.file.finalPath;
  }

  async write(text: string): Promise<void> {
    this.buffer.push(text);
    this.bufferedChars += text.length;
    if (this.bufferedChars >= 1 << 16) await this.flush();
  }

  async commit(): Promise<void> {
    await this.close();
    this.publish();
  }

  /** Writes what is left and closes the temp file (see `AtomicFile.close`); `publish` names it. */
  async close(): Promise<void> {
    await this.flush();
    await this.file.close();
  }

  publish(): void {
    this.file.publish();
  }

  async abort(): Promise<void> {
    await this.file.abort();
  }

  private async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const text = this.buffer.join('');
    this.buffer = [];
    this.bufferedChars = 0;
    await this.file.write(text);
  }
}
