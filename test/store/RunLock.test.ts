import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InputError } from '../../src/errors/LedgerscanError.js';
import { RunLock } from '../../src/store/RunLock.js';

let dir: string;
let state: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-lock-'));
  state = path.join(dir, 'state.db');
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function lockContent(): { pid: number; command: string; startedAt: string } {
  return JSON.parse(fs.readFileSync(`${state}.lock`, 'utf8')) as { pid: number; command: string; startedAt: string };
}

/** A pid that surely belonged to a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid as number;
}

async function waitFor(condition: () => boolean, child: ChildProcess): Promise<void> {
  while (!condition()) {
    if (child.exitCode !== null) throw new Error(`the child ended early with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('RunLock', () => {
  it('writes pid, start time and command next to the state, and removes the file on release', () => {
    const lock = RunLock.acquire(state, 'ledgerscan sync --config job.json');
    expect(lock.path).toBe(`${state}.lock`);
    expect(lockContent()).toMatchObject({ pid: process.pid, command: 'ledgerscan sync --config job.json' });
    lock.release();
    expect(fs.existsSync(`${state}.lock`)).toBe(false);
    lock.release();
  });

  it('refuses a second run while the first is alive, naming its pid, start and the lock file', () => {
    const first = RunLock.acquire(state, 'ledgerscan sync');
    try {
      const startedAt = lockContent().startedAt;
      let error: unknown;
      try {
        RunLock.acquire(state, 'ledgerscan export');
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).message).toBe(
        `another ledgerscan run (pid ${process.pid}, started ${startedAt}) is using ${state} ` +
          `(command: ledgerscan sync; fix: wait for it, or remove ${state}.lock if it crashed)`,
      );
      expect(lockContent().command).toBe('ledgerscan sync');
    } finally {
      first.release();
    }
  });

  it('takes over the lock of a run that died', () => {
    const pid = deadPid();
    fs.writeFileSync(
      `${state}.lock`,
      JSON.stringify({ pid, host: os.hostname(), startedAt: '2026-01-01T00:00:00.000Z', command: 'ledgerscan sync' }),
    );
    const lock = RunLock.acquire(state, 'ledgerscan reconcile');
    expect(lockContent()).toMatchObject({ pid: process.pid, command: 'ledgerscan reconcile' });
    expect(fs.readdirSync(dir).sort()).toEqual(['state.db.lock']);
    lock.release();
  });

  it('treats a lock from another host as live: its pid cannot be checked here', () => {
    fs.writeFileSync(`${state}.lock`, JSON.stringify({ pid: deadPid(), host: 'elsewhere', startedAt: 'x', command: 'c' }));
    expect(() => RunLock.acquire(state, 'ledgerscan sync')).toThrow(/host: elsewhere/);
  });

  it('leaves a lock alone on release once another run owns it', () => {
    const lock = RunLock.acquire(state, 'ledgerscan sync');
    const other = JSON.stringify({ pid: 1, host: os.hostname(), startedAt: 'x', command: 'other' });
    fs.writeFileSync(`${state}.lock`, other);
    lock.release();
    expect(fs.readFileSync(`${state}.lock`, 'utf8')).toBe(other);
  });

  it('keeps the API key out of the lock file', () => {
    const lock = RunLock.acquire(state, 'ledgerscan sync --api-key SECRETKEY1 --base-url http://x/v2/api?apikey=SECRETKEY2');
    const text = fs.readFileSync(`${state}.lock`, 'utf8');
    lock.release();
    expect(text).not.toMatch(/SECRETKEY/);
    expect(text).toContain('--api-key ***');
  });

  it('stops listening to exit and signals once released', () => {
    const before = [process.listenerCount('exit'), process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
    const lock = RunLock.acquire(state, 'ledgerscan sync');
    expect(process.listenerCount('SIGTERM')).toBe((before[2] as number) + 1);
    lock.release();
    expect([process.listenerCount('exit'), process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before);
  });

  it('is released when a run holding it gets SIGTERM, which still ends that run', async () => {
    const script = [
      "import { RunLock } from './src/store/RunLock.ts';",
      `RunLock.acquire(${JSON.stringify(state)}, 'ledgerscan sync');`,
      // Said once acquire has returned: the file exists a moment before the lock listens to signals.
      "process.stdout.write('held\\n');",
      'setInterval(() => undefined, 1000);',
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const exited = once(child, 'exit');
    let said = '';
    child.stdout?.on('data', (chunk: Buffer) => (said += chunk.toString('utf8')));
    try {
      await waitFor(() => said.includes('held'), child);
      expect(() => RunLock.acquire(state, 'ledgerscan export')).toThrow(`pid ${child.pid}`);
    } finally {
      child.kill('SIGTERM');
    }
    const [code, signal] = await exited;
    expect([code, signal]).toEqual([null, 'SIGTERM']);
    expect(fs.existsSync(`${state}.lock`)).toBe(false);
  });
});
