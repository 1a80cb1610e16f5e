import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What a command's implementation brings: the pipeline's steps, the workspace and server, the stores and their drivers. */
const HEAVY = [
  /\/src\/(pipeline\/(?!toolVersion\.ts)|server|workspace|sync|store|db|sandbox|templates)\//,
  /\/node_modules\/(pg|exceljs|fastify|kysely|better-sqlite3|graphile-worker)\//,
];

/** The CLI as a program, with every module it resolves recorded (`recordModuleLoads.mjs`): its exit code, stdout and the modules. */
function loadsOf(args: string[]): { status: number | null; stdout: string; modules: string[] } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-loads-')), 'loads.txt');
  try {
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        path.join(ROOT, 'test', 'support', 'recordModuleLoads.mjs'),
        path.join(ROOT, 'src', 'cli', 'main.ts'),
        ...args,
      ],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, LEDGERSCAN_LOADS_FILE: file },
        encoding: 'utf8',
      },
    );
    return {
      status: child.status,
      stdout: child.stdout,
      modules: [
        ...new Set(
          fs
            .readFileSync(file, 'utf8')
            .split('\n')
            .filter((url) => url.startsWith('file:')),
        ),
      ],
    };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

describe('the CLI loads a command’s implementation only when that command runs', () => {
  it('--version loads no command, no parser', () => {
    const { status, stdout, modules } = loadsOf(['--version']);
    expect({ status, stdout }).toEqual({ status: 0, stdout: expect.stringMatching(/^ledgerscan \d+\.\d+\.\d+/) });
    expect(modules.filter((url) => /\/src\/runs\/|\/node_modules\/yargs\//.test(url) || HEAVY.some((heavy) => heavy.test(url)))).toEqual(
      [],
    );
  });

  it.each([
    [['export', '--help'], '--price-file'],
    [['diff', '--help'], '--since-filed'],
    [['serve', '--help'], '--public-url'],
    [['--help'], 'balances'],
    [['exprot'], ''],
  ])('%j reads the run kinds’ options and loads no implementation', (args, helpSays) => {
    const { status, stdout, modules } = loadsOf(args);
    expect(status).toBe(args[0] === 'exprot' ? 2 : 0);
    expect(stdout).toContain(helpSays);
    expect(modules.filter((url) => HEAVY.some((heavy) => heavy.test(url)))).toEqual([]);
  });
});
