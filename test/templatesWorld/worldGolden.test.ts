import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/main.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import { builtinTemplateNames } from '../../src/templates/templateCatalog.js';
import { captureIo } from '../support/captureIo.js';
import { sandboxJobArgs } from '../support/sandboxJobArgs.js';

const goldenRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'golden');
const update = process.env.UPDATE_GOLDEN === '1';
const CHAINS = [1, 10, 42161] as const;
/** The smallest bulk that still leaves a few ordinary rows around the specials, which exist at every scale. */
const SCALE = 0.02;

/** Paths relative to `root`, '/'-separated and sorted, so nested per-wallet folders compare too. */
function listFiles(root: string, dir = root): string[] {
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => {
      const absolute = path.join(dir, name);
      return statSync(absolute).isDirectory() ? listFiles(root, absolute) : [path.relative(root, absolute).split(path.sep).join('/')];
    })
    .sort();
}

describe('golden files: one sandbox world exported through every built-in template', () => {
  let tmp: string;
  let sandbox: Sandbox;
  let out: string;
  let files: string[];

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-world-golden-'));
    const world = generateWorld({ seed: 1, scale: SCALE, chains: CHAINS });
    sandbox = await startSandbox({ world, rate: 2000 });
    out = path.join(tmp, 'out');
    const io = captureIo(tmp);
    const code = await runCli([
      'export', '--year', '2025',
      ...builtinTemplateNames().flatMap((name) => ['--template', name]),
      ...sandboxJobArgs(sandbox, world, CHAINS, out, path.join(tmp, 'state.sqlite')),
    ], io);
    expect({ code, stderr: io.stderrText() }).toEqual({ code: 0, stderr: '' });
    files = listFiles(out).filter((file) => file !== 'manifest.json');
    if (update) {
      rmSync(goldenRoot, { recursive: true, force: true });
      mkdirSync(goldenRoot, { recursive: true });
      for (const file of files) {
        mkdirSync(path.dirname(path.join(goldenRoot, file)), { recursive: true });
        cpSync(path.join(out, file), path.join(goldenRoot, file));
      }
    }
  }, 60_000);

  afterAll(async () => {
    await sandbox.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('writes exactly the committed file list', () => {
    expect(files).toEqual(listFiles(goldenRoot));
  });

  it('renders rows in every built-in template', () => {
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as { counts: Record<string, number> };
    const empty = builtinTemplateNames().filter((name) => !((manifest.counts[`rows.${name}`] ?? 0) > 0));
    expect(empty).toEqual([]);
  });

  it('every file equals its golden copy byte for byte', () => {
    for (const file of listFiles(goldenRoot)) {
      const written = path.join(out, file);
      const actual = files.includes(file) ? readFileSync(written, 'latin1') : '(not written)';
      expect(`${file}:\n${actual}`).toBe(`${file}:\n${readFileSync(path.join(goldenRoot, file), 'latin1')}`);
    }
  });

  it('the manifest lists every file with its sha256', () => {
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as { files: { path: string; bytes: number; sha256: string }[] };
    const expected = files.map((file) => {
      const bytes = readFileSync(path.join(out, file));
      return { path: file, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    });
    expect(manifest.files).toEqual(expected);
  });
});
