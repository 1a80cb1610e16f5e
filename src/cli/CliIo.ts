/** Where a command writes and what it reads from the environment; tests pass their own. */
export interface CliIo {
  /** Where a password is read from (piped, or asked on a terminal); absent: nothing to read. */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?(mode: boolean): unknown };
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export function processIo(): CliIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}

/** A log line on stderr, stamped with the time: the notes of a run (retries, upgrades) and of `serve`/`worker`; none when `quiet`. */
export function stderrLog(io: CliIo, quiet = false): (line: string) => void {
  return quiet ? () => undefined : (line) => void io.stderr.write(`${new Date().toISOString()} ${line}\n`);
}
