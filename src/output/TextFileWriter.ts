import { createReadStream } from 'node:fs';
import { AtomicFile } from './AtomicFile.js';

/**
 * Buffers text blocks (journal transactions) into an atomically written file. A `headed` file takes its first lines
 * last (`head`): a journal declares every name before the first use, and knows them only once its one walk wrote the
 * rest. Its body is then written aside and copied after the head when it closes.
 */
export class TextFileWriter {
  private file: AtomicFile;
  private buffer: string[] = [];
  private bufferedChars = 0;
  private readonly finalPath: string;
  private headText = '';

  constructor(finalPath: string, options: { headed?: boolean } = {}) {
    this.finalPath = finalPath;
    // Named apart from the final file's temp, which gets its own when the head is known.
    this.file = new AtomicFile(options.headed === true ? `${finalPath}.body` : finalPath);
  }

  get path(): string {
    return this.finalPath;
  }

  async write(text: string): Promise<void> {
    this.buffer.push(text);
    this.bufferedChars += text.length;
    if (this.bufferedChars >= 1 << 16) await this.flush();
  }

  /** A headed file's first lines, before everything written (once, before `close`). */
  head(text: string): void {
    this.headText = text;
  }

  async commit(): Promise<void> {
    await this.close();
    this.publish();
  }

  /** Writes what is left and closes the temp file (see `AtomicFile.close`); `publish` names it. */
  async close(): Promise<void> {
    await this.flush();
    await this.file.close();
    if (this.file.finalPath === this.finalPath) return;
    const body = this.file;
    const whole = new AtomicFile(this.finalPath);
    this.file = whole;
    try {
      await whole.write(this.headText);
      for await (const chunk of createReadStream(body.tempPath)) await whole.write(chunk as Buffer);
      await whole.close();
    } finally {
      await body.abort();
    }
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
