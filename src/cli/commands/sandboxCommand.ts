import { serveSandbox } from '../../sandbox/serveSandbox.js';
import type { CliIo } from '../CliIo.js';

export interface SandboxFlags {
  port: number;
  seed: number;
  scale: number;
  rate: number;
  faults: number;
}

export async function sandboxCommand(flags: SandboxFlags, io: CliIo, signal: AbortSignal): Promise<number> {
  const stopSignal = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  await serveSandbox({ ...flags, stdout: io.stdout, stopSignal });
  return 0;
}
