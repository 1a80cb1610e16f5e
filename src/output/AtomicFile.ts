import { once } from 'node:events';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import type { WriteStream } from 'node:fs';
import path from 'node:path';
import { LedgerscanError } from '../errors/LedgerscanError.js';

/** The hidden name a file is written under until it is complete: same directory, so the rename is atomic. */
export function hiddenTempPath(finalPath: string): string {
  return path.join(path.dirname(finalPath), `.${path.basename(finalPath)}.${process.pid}.${Date.now()}.tmp`);
}

/**
 * A file that only appears under its final name once it is complete: written to a hidden temp name in the
 * same directory (so the rename is atomic on one file system) and renamed by `commit()`.
 */
export class AtomicFile {
  readonly finalPath: string;
  /** Where the content is until `publish` (a spreadsheet twin reads the finished CSV from here). */
  readonly tempPath: string;
  private readonly stream: WriteStream;
  private failure: Error | undefined;

  constructor(finalPath: string) {
    this.finalPath = finalPath;
    this.tempPath = hiddenTempPath(finalPath);
    this.stream = createWriteStream(this.tempPath);
    this.stream.on('error', (error) => {
      this.failure = error;
    });
  }

  /**
   * Resolves when the stream can take more, so a million rows never pile up in memory. `written` is called once
   * the bytes are in the file (or failed): until then the stream holds `data`, so a buffer is reused only after.
   */
  async write(data: string | Uint8Array, written?: () => void): Promise<void> {
    this.throwIfFailed();
    if (!this.stream.write(data, written)) await this.drained();
    this.throwIfFailed();
  }

  async commit(): Promise<void> {
    await this.close();
    this.publish();
  }

  /**
   * Finishes the temp file and releases its descriptor, without giving it its final name yet: a run holding
   * many finished files back until all are good (`renderTemplates`) keeps no file open meanwhile.
   */
  async close(): Promise<void> {
    this.stream.end();
    await Promise.race([once(this.stream, 'finish'), once(this.stream, 'error')]).catch(() => undefined);
    this.throwIfFailed();
  }

  /** After `close`: the complete file appears under its final name. */
  publish(): void {
    renameSync(this.tempPath, this.finalPath);
  }

  /** Removes the temp file; the final name is never touched, so an earlier good file survives a failed run. */
  async abort(): Promise<void> {
    if (!this.stream.destroyed) {
      this.stream.destroy();
      await once(this.stream, 'close').catch(() => undefined);
    }
    rmSync(this.tempPath, { force: true });
  }

  /** Waits for `drain`, or an error (which `throwIfFailed` then reports); both listeners are removed either way. */
  private drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.stream.off('drain', done);
        this.stream.off('error', done);
        resolve();
      };
      this.stream.on('drain', done);
      this.stream.on('error', done);
    });
  }

  private throwIfFailed(): void {
    if (this.failure !== undefined) {
      throw new LedgerscanError('cannot write output file', { details: { file: this.finalPath }, cause: this.failure, kind: 'input' });
    }
  }
}
