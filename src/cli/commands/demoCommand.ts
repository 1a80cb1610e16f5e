import { rmSync } from 'node:fs';
import path from 'node:path';
import { loadJob } from '../../config/loadJob.js';
import { packageRoot } from '../../packageRoot.js';
import { runExport } from '../../pipeline/runExport.js';
import type { ExportResult } from '../../pipeline/runExport.js';
import { demoWorld } from '../../sandbox/demoWorld.js';
import { SANDBOX_KEY, startSandbox } from '../../sandbox/startSandbox.js';
import { createProgress } from '../../sync/progress.js';
import { builtinTemplateNames } from '../../templates/templateCatalog.js';
import type { CliIo } from '../CliIo.js';
import { stderrLog } from '../CliIo.js';
import { exportSummary } from '../../runs/exportSummary.js';

/** `npm start`: the sandbox in-process and an export of samples/demo.job.json, offline. */
export async function demoCommand(io: CliIo, signal: AbortSignal): Promise<number> {
  const load = (baseUrl?: string) =>
    loadJob({
      flags: {
        config: path.join(packageRoot(), 'samples', 'demo.job.json'),
        apiKey: SANDBOX_KEY,
        ...(baseUrl === undefined ? {} : { baseUrl }),
      },
      env: {},
      knownTemplates: builtinTemplateNames(),
      cwd: io.cwd,
    });
  const fileJob = load();
  // The sandbox allows exactly the rate the job asks for, so the run shows it never goes over.
  const sandbox = await startSandbox({ seed: demoWorld.seed, scale: demoWorld.scale, chains: demoWorld.chains, rate: fileJob.api.rate });
  try {
    // Loaded again on the sandbox's URL, so the price sources default to the sandbox's own endpoints too.
    const job = load(sandbox.url);
    io.stdout.write(
      `demo: sandbox at ${sandbox.url}, ${job.wallets.length} wallets on chains ${job.chains.join(', ')}, ${job.period.from}..${job.period.to}\n`,
    );
    // A fresh store each time, so the demo always shows a cold sync and then the incremental re-run.
    rmSync(path.dirname(job.state), { recursive: true, force: true });
    const exportOnce = async (): Promise<{ result: ExportResult; seconds: number }> => {
      const started = Date.now();
      const progress = createProgress({ output: io.stderr, quiet: job.quiet, rate: job.api.rate });
      // The client's notes as `export` writes them: retries, and the price calls it is about to make.
      const result = await runExport(job, { progress, log: stderrLog(io, job.quiet), command: 'ledgerscan demo', signal });
      return { result, seconds: (Date.now() - started) / 1000 };
    };
    const cold = await exportOnce();
    io.stdout.write(exportSummary(cold.result, io.cwd));
    const warm = await exportOnce();
    const line = (name: string, run: { result: ExportResult; seconds: number }): string =>
      `demo: ${name}: ${run.result.api.requests} API calls (${run.result.sync.listCalls} list, ${run.result.sync.receiptCalls} receipt) in ${run.seconds.toFixed(1)} s` +
      ` at ${job.api.rate} calls/s (calls ÷ rate = ${(run.result.api.requests / job.api.rate).toFixed(1)} s)\n`;
    io.stdout.write(line('cold export', cold) + line('warm re-run', warm) + `demo: ${sandbox.stats.rateLimited} rate-limit rejections\n`);
    return 0;
  } finally {
    await sandbox.close();
  }
}
