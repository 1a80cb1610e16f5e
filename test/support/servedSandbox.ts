import { Writable } from 'node:stream';
import type { ServeSandboxOptions } from '../../src/sandbox/serveSandbox.js';
import { serveSandbox } from '../../src/sandbox/serveSandbox.js';

export interface ServedSandbox {
  /** Everything `ledgerscan sandbox` printed so far. */
  printed(): string;
  /** Stops it and waits for its last line. */
  stop(): Promise<void>;
}

/** `serveSandbox` as `ledgerscan sandbox` runs it, once its banner (ending in the `try:` line) is out. */
export async function servedSandbox(options: Omit<ServeSandboxOptions, 'stdout' | 'stopSignal'>): Promise<ServedSandbox> {
  let printed = '';
  const stdout = new Writable({
    write(chunk: Buffer, _encoding, done) {
      printed += chunk.toString();
      done();
    },
  });
  let stop!: () => void;
  const stopSignal = new Promise<void>((resolve) => (stop = resolve));
  const serving = serveSandbox({ ...options, stdout, stopSignal });
  let failed: unknown = null;
  serving.catch((error: unknown) => (failed = error));
  while (!printed.includes('try: ')) {
    if (failed !== null) throw failed;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    printed: () => printed,
    stop: async () => {
      stop();
      await serving;
    },
  };
}
