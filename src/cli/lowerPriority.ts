import { readdirSync } from 'node:fs';
import os from 'node:os';
import { InputError } from '../errors/LedgerscanError.js';

/**
 * A worker's `--nice N`: its scheduling priority lowered to nice N (0 keeps it), so a worker building a large
 * ledger on the server's machine takes the CPU the server leaves rather than the server's share. On Linux a priority is a
 * thread's, so every thread already running is set (V8's helpers, libuv's pool); threads started later inherit it.
 * A process already nicer than N stays as it is (raising a priority back needs privileges).
 */
export function lowerPriority(nice: number): void {
  if (!Number.isInteger(nice) || nice < 0 || nice > 19)
    throw new InputError(`--nice ${nice} is not a niceness from 0 to 19 (0, the default, keeps the worker's priority)`);
  if (nice === 0) return;
  const threads = process.platform === 'linux' ? readdirSync('/proc/self/task').map(Number) : [0];
  for (const thread of threads) {
    try {
      if (os.getPriority(thread) < nice) os.setPriority(thread, nice);
    } catch (error) {
      // A thread that ended between the listing and here.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
}
