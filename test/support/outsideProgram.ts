import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { describe, it } from '@jest/globals';

/** A real program a test drives, and the Debian package that installs it. */
export interface OutsideProgram {
  readonly command: string;
  readonly debianPackage: string;
}

export const HLEDGER: OutsideProgram = { command: 'hledger', debianPackage: 'hledger' };
export const BEAN_CHECK: OutsideProgram = { command: 'bean-check', debianPackage: 'beancount' };
export const BEAN_QUERY: OutsideProgram = { command: 'bean-query', debianPackage: 'beancount' };
export const LEDGER: OutsideProgram = { command: 'ledger', debianPackage: 'ledger' };
export const SOFFICE: OutsideProgram = { command: 'soffice', debianPackage: 'libreoffice-calc-nogui' };
export const PDFTOTEXT: OutsideProgram = { command: 'pdftotext', debianPackage: 'poppler-utils' };

/** The executable's path on PATH (or the absolute path itself when it exists), else null. */
export function findProgram(command: string): string | null {
  const candidates = path.isAbsolute(command)
    ? [command]
    : (process.env.PATH ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, command));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; try the next PATH entry
    }
  }
  return null;
}

/**
 * `describe` for tests that need real outside programs. Outside CI a missing program skips exactly these tests
 * with one line naming the package; with `CI` set it fails, since CI must run them all.
 */
export function describeWithPrograms(title: string, programs: readonly OutsideProgram[], body: () => void): void {
  const missing = programs.filter((program) => findProgram(program.command) === null);
  const lack =
    missing.length === 0
      ? null
      : {
          needs: missing.map((program) => program.command).join(', '),
          install: `apt-get install ${missing.map((program) => program.debianPackage).join(' ')}`,
        };
  describeUnlessLacking(title, lack, body);
}

/** What a test needs and lacks, and how to get it. */
export interface Lack {
  needs: string;
  install: string;
}

/**
 * `describe` when nothing is lacking. Outside CI a lack skips exactly these tests with one line saying how to
 * get what is missing; with `CI` set it fails, since CI must run them all.
 */
export function describeUnlessLacking(title: string, lack: Lack | null, body: () => void): void {
  if (lack === null) {
    describe(title, body);
    return;
  }
  const { needs, install } = lack;
  if (process.env.CI) {
    describe(title, () => {
      it(`needs ${needs}`, () => {
        throw new Error(`${needs} not found; CI must run these tests: ${install}`);
      });
    });
    return;
  }
  process.stderr.write(`skipped: ${title} (needs ${needs}; ${install})\n`);
  describe.skip(title, body);
}

/**
 * Runs a real program and returns its stdout. A failure becomes a plain Error with the exit status and stderr:
 * child-process errors carry circular fields that jest's workers cannot send to the parent.
 */
export function runProgram(command: string, args: readonly string[], input?: string): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failed = error as { status?: number | null; signal?: string | null; stderr?: string; stdout?: string; message?: string };
    const how =
      failed.status !== undefined && failed.status !== null ? `exit ${failed.status}` : (failed.signal ?? failed.message ?? 'failed');
    throw new Error(
      `${command} ${args.join(' ')}: ${how}\n${String(failed.stderr ?? '').trim()}\n${String(failed.stdout ?? '').trim()}`.trim(),
    );
  }
}

/** What a program said, for those that fail with exit 0 (bean-query) or only warn (ledger-cli): status, stdout, stderr. */
export function runProgramOutput(command: string, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error !== undefined) throw new Error(`${command}: ${run.error.message}`);
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
