import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** One output's consumer fed the ledger's entries held in memory: its own cost in the export's pass. */
export interface OutputShare {
  name: string;
  seconds: number;
}

/** What `bench/outputShares.ts --json` prints: each output's cost against the `ledger` template's pass over the store. */
export interface OutputShares {
  entries: number;
  repeats: number;
  /** The `ledger` template rendered in one pass over the store (read, ledger, CSV), no output riding on it. */
  passSeconds: number;
  shares: OutputShare[];
  /** The same pass with every output of the registry riding on it, as `runExport` renders. */
  withAllSeconds: number;
}

/** Runs `outputShares.ts` in a process of its own on the input `runCsvStage` wrote (the entries it holds are its own memory). */
export function measureOutputShares(inputPath: string): OutputShares {
  const script = fileURLToPath(new URL('./outputShares.ts', import.meta.url));
  const out = execFileSync(process.execPath, ['--import', 'tsx', script, inputPath, '--json'], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '') as OutputShares;
}
