import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { loadJob } from '../../src/config/loadJob.js';
import { builtinTemplateNames } from '../../src/templates/templateCatalog.js';
import { servedSandbox } from '../support/servedSandbox.js';
import { tempDir } from '../support/e2eWorld.js';
import { runInProcess, spawnLedgerscan } from '../support/runLedgerscan.js';

/** A newcomer's first minutes: what the help and the banners promise works as printed. */
describe('a newcomer', () => {
  it.each([['--version'], ['-V'], ['version']])('%s prints the version', async (arg) => {
    const version = (JSON.parse(fs.readFileSync(path.join(process.cwd(), 'package.json'), 'utf8')) as { version: string }).version;
    expect(await runInProcess([arg], { cwd: tempDir('version') })).toEqual({ code: 0, stdout: `ledgerscan ${version}\n`, stderr: '' });
  });

  it.each([
    ['balances', ['--at', '--check'], ['--template', '--template-file', '--xlsx', '--year', '--from', '--to']],
    ['close', ['--filed', '--template', '--year'], ['--out']],
    ['diff', ['--since-filed', '--out'], ['--year', '--from', '--to', '--template']],
    ['sync', ['--year'], ['--template', '--xlsx', '--cost-basis', '--opening-lots']],
  ])('reads in %s --help only the options that command uses', async (command, listed, unused) => {
    // yargs prints help on the process's own stdout: a child's.
    const { code, stdout } = await spawnLedgerscan([command, '--help']).ended;
    expect(code).toBe(0);
    const options = new Set([...stdout.matchAll(/^\s+(--[a-z-]+)/gm)].map((match) => match[1]));
    expect({ listed: listed.filter((flag) => !options.has(flag)), unused: unused.filter((flag) => options.has(flag)) }).toEqual({
      listed: [],
      unused: [],
    });
    expect(stdout).toMatch(/--chain\s+chain id, slug or name/);
  });

  it("finds in the README how to get ledgerscan on PATH, and a year-end walkthrough on the sandbox's own wallets", async () => {
    const readme = fs.readFileSync(path.join(process.cwd(), 'README.md'), 'utf8');
    const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('## Use'));
    expect(quickStart).toMatch(/npm link/);
    expect(quickStart).toMatch(/EBADENGINE/);
    const walk = readme.slice(readme.indexOf("## A client's year-end, step by step"), readme.indexOf('## Closing a period'));
    for (const command of ['export', 'reconcile', 'close', 'diff'])
      expect(walk).toContain(`ledgerscan ${command} --config client.job.json`);
    // The job file as printed is a valid job, and the wallets it prints are those `ledgerscan sandbox` prints.
    const cwd = tempDir('walkthrough');
    fs.writeFileSync(path.join(cwd, 'client.job.json'), /```json\n([^`]*)```/.exec(walk)![1]!);
    const job = loadJob({
      flags: { config: 'client.job.json' },
      env: { ETHERSCAN_API_KEY: 'sandbox-key' },
      knownTemplates: builtinTemplateNames(),
      cwd,
    });
    expect(job.chains).toEqual([1, 42161]);
    const sandbox = await servedSandbox({ port: 0, seed: 1, scale: 1, rate: 50, faults: 0, disabledActions: [] });
    try {
      const printed = sandbox
        .printed()
        .split('\n')
        .filter((line) => /^ {2}\w+ +0x/.test(line));
      expect(walk).toContain(printed.join('\n'));
    } finally {
      await sandbox.stop();
    }
  });

  it("runs the sandbox banner's try: command as printed", async () => {
    const sandbox = await servedSandbox({ port: 0, seed: 7, scale: 0.02, rate: 400, faults: 0, disabledActions: [] });
    try {
      const line = /^try: ledgerscan (.*)$/m.exec(sandbox.printed())![1]!;
      const cwd = tempDir('banner');
      const outcome = await runInProcess(line.split(' '), { cwd });
      // Progress lines on stderr are fine; an error line is not.
      expect({ code: outcome.code, errors: outcome.stderr.split('\n').filter((text) => text.startsWith('ledgerscan:')) }).toEqual({
        code: 0,
        errors: [],
      });
      expect(fs.existsSync(path.join(cwd, 'out', 'sandbox', 'manifest.json'))).toBe(true);
    } finally {
      await sandbox.stop();
    }
  });
});
