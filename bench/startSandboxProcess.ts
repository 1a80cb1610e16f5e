import { fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SandboxStats } from '../src/sandbox/startSandbox.js';

export interface SandboxChildOptions {
  scale: number;
  spanFeeMarket: boolean;
  rate: number;
  apiKey: string;
  /** More keys the sandbox accepts, each with `rate` of its own (the workers bench: one per worker). */
  moreKeys?: string[];
}
export type SandboxChildRequest = { type: 'stats' } | { type: 'close' };
/** The world's owned wallets and chains, all the client-side job needs of it. */
export interface WorldOutline {
  chainIds: number[];
  wallets: { address: string; label: string; chains: number[] }[];
}
export type SandboxChildMessage =
  | ({ type: 'ready'; url: string; generateSeconds: number } & WorldOutline)
  | { type: 'stats'; stats: SandboxStats };

/** The bench's view of a sandbox in another process: where it listens, its counters, and a way to stop it. */
export interface SandboxProcess {
  url: string;
  apiKey: string;
  world: WorldOutline;
  /** How long the child took to generate the world. */
  generateSeconds: number;
  stats(): Promise<SandboxStats>;
  close(): Promise<void>;
}

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sandboxChild.ts');

/** Starts `sandboxChild.ts` (world seed 1 at `scale`) and waits until it listens. */
export async function startSandboxProcess(options: SandboxChildOptions): Promise<SandboxProcess> {
  const child = fork(script, [JSON.stringify(options)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = async (): Promise<SandboxChildMessage> => {
    const [message] = (await Promise.race([once(child, 'message'), once(child, 'exit').then(([code]) => {
      throw new Error(`the sandbox process exited (${String(code)})`);
    })])) as [SandboxChildMessage];
    return message;
  };
  const ready = await next();
  if (ready.type !== 'ready') throw new Error('the sandbox process did not start');
  return {
    url: ready.url,
    apiKey: options.apiKey,
    world: { chainIds: ready.chainIds, wallets: ready.wallets },
    generateSeconds: ready.generateSeconds,
    async stats() {
      child.send({ type: 'stats' } satisfies SandboxChildRequest);
      const reply = await next();
      if (reply.type !== 'stats') throw new Error('the sandbox process answered out of turn');
      return reply.stats;
    },
    async close() {
      const exited = once(child, 'exit');
      child.send({ type: 'close' } satisfies SandboxChildRequest);
      await exited;
    },
  };
}
