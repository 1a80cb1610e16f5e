import fs from 'node:fs';
import path from 'node:path';
import type { Job } from '../src/config/Job.js';
import { loadJob } from '../src/config/loadJob.js';
import { SPANNING_START, WORLD_END, WORLD_START } from '../src/sandbox/worldSpan.js';
import type { WorldOutline } from './startSandboxProcess.js';
import { builtinTemplateNames } from '../src/templates/templateCatalog.js';

const day = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

/**
 * The year-end export a user would run on the world: every owned wallet on the chains it lives on,
 * the world's whole span, the `ledger` template. Built through a job file and `loadJob`, as the CLI does.
 */
export function benchJob(
  world: WorldOutline,
  dir: string,
  options: { baseUrl: string; apiKey: string; rate: number; out: string; state: string; spanFeeMarket: boolean },
): Job {
  const file = path.join(dir, 'job.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      wallets: world.wallets.map((wallet) => ({ address: wallet.address, label: wallet.label, chains: wallet.chains })),
      chains: world.chainIds,
      period: { from: day(options.spanFeeMarket ? SPANNING_START : WORLD_START), to: day(WORLD_END - 1) },
      templates: ['ledger'],
    }),
  );
  return loadJob({
    flags: {
      config: file,
      out: options.out,
      state: options.state,
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      rate: options.rate,
      quiet: true,
    },
    env: {},
    knownTemplates: builtinTemplateNames(),
    cwd: dir,
  });
}
