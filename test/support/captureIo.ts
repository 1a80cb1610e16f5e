import { PassThrough, Readable } from 'node:stream';
import type { CliIo } from '../../src/cli/CliIo.js';

/** A CliIo whose output the test can read back; no key in the environment unless given; `stdin` piped in when given. */
export function captureIo(
  cwd: string,
  env: NodeJS.ProcessEnv = {},
  stdin?: string,
): CliIo & { stdoutText(): string; stderrText(): string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => out.push(chunk));
  stderr.on('data', (chunk: Buffer) => err.push(chunk));
  return {
    ...(stdin === undefined ? {} : { stdin: Readable.from([Buffer.from(stdin)]) }),
    stdout,
    stderr,
    env,
    cwd,
    stdoutText: () => Buffer.concat(out).toString('utf8'),
    stderrText: () => Buffer.concat(err).toString('utf8'),
  };
}
