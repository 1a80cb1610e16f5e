import { serveSandbox } from '../../sandbox/serveSandbox.js';
import type { CliIo } from '../CliIo.js';
import { listenRefusal } from '../listenRefusal.js';

export interface SandboxFlags {
  port: number;
  seed: number;
  scale: number;
  rate: number;
  faults: number;
  /** `--disable-action a,b` (repeatable): actions the sandbox answers as unknown. */
  disableAction: readonly string[];
}

export async function sandboxCommand(flags: SandboxFlags, io: CliIo, signal: AbortSignal): Promise<number> {
  const stopSignal = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  const { disableAction, ...rest } = flags;
  const disabledActions = disableAction.flatMap((list) => list.split(',')).map((action) => action.trim());
  await serveSandbox({ ...rest, disabledActions, stdout: io.stdout, stopSignal }).catch((error: unknown) => {
    throw listenRefusal(error, flags.port);
  });
  return 0;
}
