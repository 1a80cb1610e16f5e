import fs from 'node:fs';
import path from 'node:path';
import { removeStrayTempFiles } from '../../output/AtomicFile.js';
import { EXIT_UNVALUED } from '../cliExitCodes.js';
import { madeForThisRun, removeEmptyFolders } from '../hardStop.js';
import { alertSettingsFromEnv } from '../../alerts/AlertSettings.js';
import type { JobFlags } from '../../config/JobFlags.js';
import { describeError, EXIT, exitCodeFor } from '../../errors/exitCode.js';
import { defaultFiledDir } from '../../filing/FiledRecord.js';
import { alertAfter, alertOnFailure } from '../../runs/alertPolicy.js';
import type { OptionSurface } from '../../runs/optionValues.js';
import { optionValues } from '../../runs/optionValues.js';
import { raiseAlert } from '../../runs/raiseAlert.js';
import type { RunKind, RunPlace } from '../../runs/RunKind.js';
import { flagOf } from '../../runs/RunOption.js';
import type { RunKindName } from '../../runs/runKinds.js';
import { runKind } from '../../runs/runKinds.js';
import type { CliIo } from '../CliIo.js';
import { redactSecrets } from '../../secrets/redact.js';
import { setUpJobCommand } from './jobCommand.js';

function cliSurface(kind: RunKind): OptionSurface {
  const flag = (option: string): string => flagOf(option, kind.options[option] ?? { type: 'string', describe: '' });
  return {
    cli: true,
    key: (option) => flag(option).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()),
    name: (option) => `--${flag(option)}`,
  };
}

/**
 * `ledgerscan <kind>`: the job, the kind's flags, its preconditions, its run through the pipeline, its summary on
 * stdout, alerts as `alertPolicy` says; exit 1 when the run found differences.
 */
export async function runCommand(
  kind: RunKind,
  flags: JobFlags & Record<string, unknown>,
  argv: readonly string[],
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  // Read first: a nightly job whose alerts are half configured must not run silently.
  const alerts = kind.unattended ? alertSettingsFromEnv(io.env) : {};
  const { job, progress, log, command } = setUpJobCommand(flags, argv, io, kind.needs.templates, kind.needs.period);
  const surface = cliSurface(kind);
  const values = optionValues(kind, flags, surface);
  const { filed } = values;
  const place: RunPlace = {
    now: new Date(),
    filedDir: typeof filed === 'string' ? path.resolve(io.cwd, filed) : defaultFiledDir(job.state),
    name: (option) => surface.name(option),
    suggest: (other, option, value) => `ledgerscan ${other} ${cliSurface(runKind(other as RunKindName)).name(option)} ${value}`,
    within: (_option, check) => check(),
  };
  kind.preconditions?.(job, values, place);
  const note = (line: string): void => void io.stderr.write(`${redactSecrets(line, argv, io.env)}\n`);
  // What an alert from the CLI is about: the job file, else the wallets' labels.
  const subject = flags.config ?? job.wallets.map((wallet) => wallet.label).join(', ');
  // A run refused or stopped leaves no empty --out it made; a run killed before left temp files that are ours to remove.
  if (!fs.existsSync(job.out)) madeForThisRun(job.out);
  removeStrayTempFiles(job.out);
  try {
    const outcome = await kind.execute(job, values, { progress, log, command, signal, filedDir: place.filedDir }, place);
    io.stdout.write(outcome.text(io.cwd));
    await raiseAlert(alertAfter(outcome, subject, new Date()), alerts, note);
    if (outcome.unmet !== undefined) {
      io.stderr.write(`ledgerscan: ${outcome.unmet}\n`);
      return EXIT_UNVALUED;
    }
    return outcome.status === 'succeeded' ? EXIT.ok : EXIT.differences;
  } catch (error) {
    const message = redactSecrets(describeError(error), argv, io.env);
    await raiseAlert(
      {
        alert: alertOnFailure(kind, 'cli', {
          subject,
          command: `ledgerscan ${kind.name}`,
          message,
          exitCode: exitCodeFor(error),
          now: new Date(),
        }),
      },
      alerts,
      note,
    );
    throw error;
  } finally {
    removeEmptyFolders();
  }
}
