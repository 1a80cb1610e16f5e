import path from 'node:path';
import type { JobFlags } from '../../config/JobFlags.js';
import { defaultFiledDir } from '../../filing/FiledRecord.js';
import { runClose } from '../../pipeline/runClose.js';
import type { CliIo } from '../CliIo.js';
import { EXIT } from '../exitCode.js';
import { exportSummary } from './exportCommand.js';
import { setUpJobCommand } from './jobCommand.js';

/** `--filed DIR` (relative to the working folder), else the filed/ folder beside the state file. */
export function filedDirFlag(flag: string | undefined, state: string, cwd: string): string {
  return flag === undefined ? defaultFiledDir(state) : path.resolve(cwd, flag);
}

/** `ledgerscan close`: files the job's period as a read-only snapshot (by default beside the state file). */
export async function closeCommand(flags: JobFlags & { filed?: string | undefined }, argv: readonly string[], io: CliIo, signal: AbortSignal): Promise<number> {
  const { job, progress, log, command } = setUpJobCommand(flags, argv, io, true);
  const filedDir = filedDirFlag(flags.filed, job.state, io.cwd);
  const closed = await runClose(job, { progress, log, command, signal, filedDir });
  const files = closed.record.files.length;
  io.stdout.write(`${exportSummary(closed.export, io.cwd)}closed ${closed.record.label}: ${files} files filed read-only in ${path.relative(io.cwd, closed.dir) || '.'} (sha256 of each in filed.json)\n`);
  return EXIT.ok;
}
