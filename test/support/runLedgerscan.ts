import { fileURLToPath } from 'node:url';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { runCli } from '../../src/cli/main.js';
import { CLI_ARGS } from './builtCli.js';
import { captureIo } from './captureIo.js';

export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The CLI in this process (fast): exit code and everything it wrote. No key in the environment unless given. */
export async function runInProcess(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; cwd: string; stdin?: string },
): Promise<CliOutcome> {
  const io = captureIo(options.cwd, options.env ?? {}, options.stdin);
  // `serve` and `worker` set a private umask for their process; here that process is jest's, shared by later suites.
  const umask = process.umask();
  const code = await runCli(args, io).finally(() => process.umask(umask));
  return { code, stdout: io.stdoutText(), stderr: io.stderrText() };
}

export interface CliChild {
  child: ChildProcess;
  /** Resolves with the signal that ended the child (`null` when it exited by itself) and its output. */
  ended: Promise<{ signal: NodeJS.Signals | null; code: number | null; stdout: string; stderr: string }>;
}

/** The CLI as a real program (`CLI_ARGS`: the build when fresh, else the sources), so that it can be killed with SIGKILL. */
export function spawnLedgerscan(args: readonly string[], env: NodeJS.ProcessEnv = {}): CliChild {
  const child = spawn(process.execPath, [...CLI_ARGS, ...args], {
    cwd: ROOT,
    // PATH and HOME only: a stray ETHERSCAN_API_KEY of the machine must not leak into the run.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const ended = new Promise<{ signal: NodeJS.Signals | null; code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ signal, code, stdout, stderr })),
  );
  return { child, ended };
}
