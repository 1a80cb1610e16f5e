import { once } from 'node:events';
import { createWriteStream, readdirSync, renameSync, rmSync } from 'node:fs';
import type { WriteStream } from 'node:fs';
import path from 'node:path';
import { LedgerscanError } from '../errors/LedgerscanError.js';

/** The hidden name a file is written under until it is complete: same directory, so the rename is atomic. */
export function hiddenTempPath(finalPath: string): string {
  const tempPath = path.join(path.dirname(finalPath), `.${path.basename(finalPath)}.${process.pid}.${Date.now()}.tmp`);
  openTempFiles.add(tempPath);
  return tempPath;
}

/** `.NAME.PID.TIME.tmp`: the temp names of `hiddenTempPath`, with the process that wrote them. */
const TEMP_NAME = /^\..+\.(\d+)\.\d+\.tmp$/;

/** The temp files of this process not yet published or aborted: what a stop that cannot wait must remove. */
const openTempFiles = new Set<string>();

/** The signal that stops this process's writes (`stopWritesOn`): a write after it throws its reason. */
let stopped: AbortSignal | undefined;

/**
 * Makes every later write of this process throw the signal's reason once it fires, so a render that does not
 * watch the signal itself still stops at its next chunk, aborting its files (the CLI's SIGINT/SIGTERM).
 */
export function stopWritesOn(signal: AbortSignal): void {
  stopped = signal;
}

/** Throws the stop's reason once `stopWritesOn`'s signal has fired: a writer that does not go through `write`. */
export function throwIfStopped(): void {
  stopped?.throwIfAborted();
}

/** Removes every temp file this process has open (a stop that cannot wait for the run to abort them). */
export function removeOpenTempFiles(): void {
  for (const tempPath of openTempFiles) rmSync(tempPath, { force: true });
  openTempFiles.clear();
}

/** A temp file named or removed: no longer this process's to remove. */
export function forgetTempFile(tempPath: string): void {
  openTempFiles.delete(tempPath);
}

/**
 * Removes from `dir` the temp files of ours (`.NAME.PID.TIME.tmp`) whose process is gone: what a killed run left.
 * A living process's (another run writing there now) are left alone.
 */
export function removeStrayTempFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((name) => {
    const pid = TEMP_NAME.exec(name)?.[1];
    if (pid === undefined || isAlive(Number(pid))) return false;
    rmSync(path.join(dir, name), { force: true });
    return true;
  });
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, as another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
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
    throwIfStopped();
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
    forgetTempFile(this.tempPath);
  }

  /** Removes the temp file; the final name is never touched, so an earlier good file survives a failed run. */
  async abort(): Promise<void> {
    if (!this.stream.destroyed) {
      this.stream.destroy();
      await once(this.stream, 'close').catch(() => undefined);
    }
    rmSync(this.tempPath, { force: true });
    forgetTempFile(this.tempPath);
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
