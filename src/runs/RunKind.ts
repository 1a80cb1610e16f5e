import type { Static, TSchema } from 'typebox';
import type { Alert } from '../alerts/Alert.js';
import type { Job } from '../config/Job.js';
import type { ExportOptions } from '../pipeline/runExport.js';
import type { RunFile } from './RunFile.js';
import type { RunResult } from './RunResult.js';
import type { RunOptions, RunOptionValues } from './RunOption.js';

/** Where a run was asked for: how its options are named in an error, and the clock and filed folder it sees. */
export interface RunPlace {
  now: Date;
  /** The book's or job's closed periods. */
  filedDir: string;
  /** `--at` on the command line, `at` in the API. */
  name(option: string): string;
  /** How to ask for another run here: `ledgerscan diff --since-filed 2025`, or `a diff run with label 2025`. */
  suggest(kind: string, option: string, value: string): string;
  /** Runs `check`; in the API its input errors name the request field `option` (the CLI's one line needs no label). */
  within<T>(option: string, check: () => T): T;
}

/** The shared pipeline steps' options plus the filed folder (close, diff) and the client (report). */
export interface RunSteps extends ExportOptions {
  filedDir: string;
  /** The client a report names: a workspace run's book. */
  client?: string;
}

/** What a finished run found that someone should hear of (reconcile differences, changes since filed). */
export interface RunFinding {
  alert(subject: string, now: Date): Alert;
  /** Not what the last run of the same check already reported: only a fresh finding alerts. */
  fresh: boolean;
}

/** How a run ended, for the CLI (text, exit code) and the workspace (status, summary, files) alike. */
export interface RunOutcome<Summary = unknown> {
  /** `differences` exits 1 on the CLI. */
  status: 'succeeded' | 'differences';
  apiCalls: number;
  /** The short figures the workspace shows (rows per template, differences, the label…), as the kind's `summary` declares them. */
  summary: Summary;
  /** The files a download may serve, as written (only the workspace asks). */
  files(): Promise<RunFile[]>;
  finding: RunFinding | null;
  /** A requirement the run's own options set and the run did not meet (`--require-values`): the CLI says it and exits 4. */
  unmet?: string;
  /** What the CLI prints on stdout, paths relative to `cwd`. */
  text(cwd: string): string;
}

/**
 * A run kind, declared once in its own module and listed in `runKinds`: its options, what its job needs, its
 * preconditions, how it runs through the pipeline's shared steps, and its outcome.
 */
export interface RunKind<Summary extends TSchema = TSchema, Options extends RunOptions = RunOptions> {
  readonly name: string;
  /** The CLI command's help line. */
  readonly describe: string;
  readonly options: Options;
  /** What the job must name: templates, and a period (else the current year or the whole history). */
  readonly needs: { readonly templates: boolean; readonly period: boolean };
  /** Its outcome's summary: checked when the workspace stores a run of this kind and when it reads one back. */
  readonly summary: Summary;
  /** What its runs carry for the pages (a reconcile report, a table, the period it filed…): read only through these. */
  readonly results: readonly RunResult[];
  /** Made to run unattended (cron, the nightly schedule): see `alertPolicy`. */
  readonly unattended: boolean;
  /** The workspace's audit log records a run of this kind that succeeded as this action, by whoever started it. */
  readonly audited?: 'period.closed';
  /** Can be scheduled in the workspace; `followedBy` names the runs queued behind each scheduled one. */
  readonly schedule?: { followedBy?(closedLabels: readonly string[]): Readonly<Record<string, unknown>>[] };
  /** The period and templates come from a filed period instead of the request (diff). */
  filedPeriod?(values: RunOptionValues<Options>, filedDir: string): { period: { from: string; to: string }; templates: string[] };
  /** What the run covers, for the first log line (default: the job's period). */
  span?(values: RunOptionValues<Options>, job: Job): string;
  /** Refuses what the run would refuse only after syncing; checked when asked for and again when it starts. */
  preconditions?(job: Job, values: RunOptionValues<Options>, place: RunPlace): void;
  /** Imports its pipeline step when it runs: the CLI reads this registry for every `--help` and command line. */
  execute(job: Job, values: RunOptionValues<Options>, steps: RunSteps, place: RunPlace): Promise<RunOutcome<Static<Summary>>>;
}
