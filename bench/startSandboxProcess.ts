import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SandboxStats } from '../src/sandbox/startSandbox.js';
import { forkBenchChild } from './forkBenchChild.js';

export interface SandboxChildOptions {
  scale: number;
  spanFeeMarket: boolean;
  rate: number;
  apiKey: string;
  /** More keys the sandbox accepts, each with `rate` of its own (the workers bench: one per worker). */
  moreKeys?: string[];
  /** Serve the world up to this unix time only, a head that `growByDay` moves (default: the whole world). */
  headTime?: number;
}
export type SandboxChildRequest = { type: 'stats' } | { type: 'grow' } | { type: 'close' };
/** The world's owned wallets and chains, all the client-side job needs of it. */
export interface WorldOutline {
  chainIds: number[];
  wallets: { address: string; label: string; chains: number[] }[];
}
export type SandboxChildMessage =
  ({ type: 'ready'; url: string; generateSeconds: number } & WorldOutline) | { type: 'stats'; stats: SandboxStats } | { type: 'grown' };

/** The bench's view of a sandbox in another process: where it listens, its counters, and a way to stop it. */
export interface SandboxProcess {
  url: string;
  apiKey: string;
  world: WorldOutline;
  /** How long the child took to generate the world. */
  generateSeconds: number;
  stats(): Promise<SandboxStats>;
  /** Moves the head a day on (a sandbox started with `headTime`): a day's transactions appear. */
  growByDay(): Promise<void>;
  close(): Promise<void>;
}

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sandboxChild.ts');

/** Starts `sandboxChild.ts` (world seed 1 at `scale`) and waits until it listens. */
export async function startSandboxProcess(options: SandboxChildOptions): Promise<SandboxProcess> {
  const sandbox = forkBenchChild<SandboxChildMessage, SandboxChildRequest>(script, options);
  const ready = await sandbox.next();
  if (ready.type !== 'ready') throw new Error('the sandbox process did not start');
  return {
    url: ready.url,
    apiKey: options.apiKey,
    world: { chainIds: ready.chainIds, wallets: ready.wallets },
    generateSeconds: ready.generateSeconds,
    async stats() {
      sandbox.send({ type: 'stats' });
      const reply = await sandbox.next();
      if (reply.type !== 'stats') throw new Error('the sandbox process answered out of turn');
      return reply.stats;
    },
    async growByDay() {
      sandbox.send({ type: 'grow' });
      const reply = await sandbox.next();
      if (reply.type !== 'grown') throw new Error('the sandbox process answered out of turn');
    },
    close: () => sandbox.close(),
  };
}
