#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULTS } from '../config/DEFAULTS.js';
import { InputError } from '../errors/LedgerscanError.js';
import { redactSecrets } from '../secrets/redact.js';
import type { CliIo } from './CliIo.js';
import { processIo } from './CliIo.js';
import { describeError, EXIT, exitCodeFor } from '../errors/exitCode.js';
import { toolVersion } from '../pipeline/toolVersion.js';
import { stopWritesOn } from '../output/AtomicFile.js';
import { EXIT_INTERRUPTED } from './cliExitCodes.js';
import { cleanUpAtHardStop } from './hardStop.js';

/** How long a stopped command may take to wind down before the process ends regardless. */
const SHUTDOWN_BOUND_MS = 8_000;

/** `serve`, `users` and `worker` in the distributed mode. */
const DISTRIBUTED_OPTIONS = {
  database: { type: 'string', describe: 'PostgreSQL URL of the distributed workspace (or LEDGERSCAN_DATABASE_URL)' },
  files: { type: 'string', describe: 'directory the server and every worker share for run files (with --database)' },
} as const;

/** The API settings `serve` and `worker` share; keys only from the environment or a key file. */
const API_OPTIONS = {
  'base-url': { type: 'string', describe: 'Etherscan v2 API URL' },
  rate: { type: 'string', describe: 'API calls per second of a key without its own rate, shared by all runs' },
  'historical-rate': {
    type: 'string',
    describe: `calls per second of the historical-balance and name-tag endpoints (default ${DEFAULTS.historicalRate}, Etherscan's on every plan)`,
  },
  'api-key-file': {
    type: 'string',
    describe: 'file holding the key, or name:key:rate lines (else ETHERSCAN_API_KEYS / ETHERSCAN_API_KEY)',
  },
} as const;

/**
 * Runs one ledgerscan command and returns its exit code; the only place errors become exit
 * codes. `signal` stops a running sync between requests (Ctrl-C), keeping what was committed.
 * Each command's implementation is imported by its handler, when that command runs: `--version`, `--help` and
 * a refused command line load none of them (the pipeline, the server, pg, exceljs…; the version not even yargs), and the run kinds
 * (`RUN_KINDS`, whose options are read here) import their pipeline steps only when they execute.
 */
export async function runCli(argv: readonly string[], io: CliIo, signal: AbortSignal = new AbortController().signal): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) return printVersion(io);
  // Loaded only for a command line to parse: the version above needs none of them.
  const [{ default: yargs }, { RUN_KINDS }, { withJobOptions }, { withKindOptions }] = await Promise.all([
    import('yargs'),
    import('../runs/runKinds.js'),
    import('./jobOptions.js'),
    import('./withKindOptions.js'),
  ]);
  let code: number = EXIT.ok;
  let parser = yargs([...argv])
    .scriptName('ledgerscan')
    .usage('$0 <command> [options]\n\nEVM wallet history from the Etherscan v2 API → CSV ledgers, tax-tool imports, reconciliation.');
  for (const kind of RUN_KINDS) {
    parser = parser.command(
      kind.name,
      kind.describe,
      (y) => withKindOptions(withJobOptions(y, kind), kind),
      async (args) => {
        const { runCommand } = await import('./commands/runCommand.js');
        code = await runCommand(kind, args, argv, io, signal);
      },
    );
  }
  const exportKind = RUN_KINDS.find((kind) => kind.name === 'export');
  if (exportKind !== undefined) {
    parser = parser.command(
      'gains',
      "explain a realised gain: the disposal, each lot it took and the arithmetic (the export's job, offline)",
      (y) =>
        withJobOptions(y, exportKind).option('explain', {
          type: 'string',
          demandOption: true,
          describe: 'entry_id of a disposal in gains.csv',
        }),
      async (args) => {
        const { gainsCommand } = await import('./commands/gainsCommand.js');
        code = await gainsCommand(args, argv, io);
      },
    );
  }
  parser = parser
    .command(
      'sandbox',
      'serve the built-in Etherscan-v2-compatible sandbox',
      (y) =>
        y
          .option('port', { type: 'number', default: 8545, describe: 'port on 127.0.0.1 (0 = any free port)' })
          .option('seed', { type: 'number', default: 1, describe: 'world seed' })
          .option('scale', { type: 'number', default: 1, describe: 'world size (1 ≈ 10k ledger entries)' })
          .option('rate', { type: 'number', default: 5, describe: 'calls per second allowed per key' })
          .option('faults', { type: 'number', default: 0, describe: 'fraction of requests answered with an injected fault' })
          .option('disable-action', {
            type: 'string',
            array: true,
            default: [] as string[],
            describe: 'actions answered "Error! Missing Or invalid Action name", comma-separated (e.g. balancehistory,balancemulti)',
          }),
      async (args) => {
        const { sandboxCommand } = await import('./commands/sandboxCommand.js');
        code = await sandboxCommand(args, io, signal);
      },
    )
    .command(
      'serve',
      'serve the workspace web app and JSON API (books, runs, schedules, shares)',
      (y) =>
        y
          .option('port', { type: 'number', default: 8080, describe: 'port to listen on (0 = any free port)' })
          .option('host', { type: 'string', default: '127.0.0.1', describe: 'address to listen on' })
          .option('data', { type: 'string', describe: 'workspace data dir (default .ledgerscan/workspace)' })
          .options(DISTRIBUTED_OPTIONS)
          .options(API_OPTIONS)
          .option('trust-proxy', { type: 'boolean', default: false, describe: 'behind a TLS proxy: trust X-Forwarded-*, Secure cookies' })
          .option('public-url', {
            type: 'string',
            describe: "origin share links start with (default: a path on this server, never the request's Host)",
          })
          .option('demo', { type: 'boolean', default: false, describe: 'offline: in-process sandbox, a demo book and a demo admin' }),
      async (args) => {
        const { serveCommand } = await import('./commands/serveCommand.js');
        code = await serveCommand(args, io, signal);
      },
    )
    .command(
      'users <action> [name]',
      'manage workspace accounts: add NAME --role admin|viewer|staff|client, passwd NAME, token NAME, list, remove NAME (passwords piped on stdin or asked)',
      (y) =>
        y
          .positional('action', { type: 'string', choices: ['add', 'passwd', 'token', 'list', 'remove'], demandOption: true })
          .positional('name', { type: 'string' })
          .option('role', {
            type: 'string',
            default: 'viewer',
            describe: 'admin, viewer (reads every book), staff (works on assigned books) or client (reads assigned books)',
          })
          .option('data', { type: 'string', describe: 'workspace data dir (default .ledgerscan/workspace)' })
          .option('database', DISTRIBUTED_OPTIONS.database),
      async (args) => {
        const { usersCommand } = await import('./commands/usersCommand.js');
        code = await usersCommand(args, io);
      },
    )
    .command(
      'audit',
      "print the workspace's audit log as CSV, oldest first",
      (y) =>
        y
          .option('data', { type: 'string', describe: 'workspace data dir (default .ledgerscan/workspace)' })
          .option('database', DISTRIBUTED_OPTIONS.database)
          .option('book', { type: 'string', describe: 'only this book id' })
          .option('user', { type: 'string', describe: 'only this user' })
          .option('action', { type: 'string', describe: 'only this action (e.g. login.failed)' })
          .option('from', { type: 'string', describe: 'from this day (UTC, YYYY-MM-DD) or instant' })
          .option('to', { type: 'string', describe: 'to this day (UTC, inclusive) or instant' }),
      async (args) => {
        const { auditCommand } = await import('./commands/auditCommand.js');
        code = await auditCommand(args, io);
      },
    )
    .command(
      'worker',
      'execute the runs of the distributed workspace (PostgreSQL), one at a time, until stopped',
      (y) =>
        y
          .options(DISTRIBUTED_OPTIONS)
          .options(API_OPTIONS)
          .option('lease', { type: 'number', default: 30, describe: 'seconds a silent worker keeps its run before another takes it up' })
          .option('nice', {
            type: 'number',
            default: 0,
            describe:
              "lower the worker's scheduling priority to this niceness (1-19) so a server on the same machine answers first; 0 keeps it",
          })
          .option('scheduler', {
            type: 'boolean',
            default: true,
            describe: 'fire schedules from this worker too (once per tick across the cluster)',
          })
          .option('scheduler-every', { type: 'number', default: 15, describe: 'seconds between two looks at the schedules' })
          .option('schedule-jitter', {
            type: 'number',
            default: 600,
            describe: "seconds a night's schedules are spread over (each book at its own fixed point of the window)",
          }),
      async (args) => {
        const { workerCommand } = await import('./commands/workerCommand.js');
        code = await workerCommand(args, io, signal);
      },
    )
    .command(
      'demo',
      'run the sandbox in-process and export samples/demo.job.json into out/demo/',
      (y) => y,
      async () => {
        const { demoCommand } = await import('./commands/demoCommand.js');
        code = await demoCommand(io, signal);
      },
    )
    .command(
      'templates',
      'list the output templates',
      (y) => y,
      async () => {
        const { templatesCommand } = await import('./commands/templatesCommand.js');
        code = templatesCommand(io);
      },
    )
    .command(
      'chains',
      'list the supported chains',
      (y) => y,
      async () => {
        const { chainsCommand } = await import('./commands/chainsCommand.js');
        code = chainsCommand(io);
      },
    )
    .command(
      'version',
      'print the version (also --version, -V)',
      (y) => y,
      () => {
        code = printVersion(io);
      },
    )
    .demandCommand(
      1,
      `name a command: ${RUN_KINDS.map((kind) => kind.name).join(', ')}, gains, serve, worker, users, audit, sandbox, demo, templates, chains or version`,
    )
    .strict()
    .help()
    .version(false)
    .exitProcess(false)
    .fail((message: string | null, error: Error | undefined) => {
      throw error ?? new InputError(message ?? 'bad command line', { details: { fix: 'see ledgerscan --help' } });
    });
  try {
    await parser.parseAsync();
    return code;
  } catch (error) {
    // Stopped: whatever the command threw on its way out, the signal's own line and code.
    const stop: unknown = signal.aborted ? signal.reason : undefined;
    io.stderr.write(`${redactSecrets(describeError(stop ?? error), argv, io.env)}\n`);
    return stop === undefined ? exitCodeFor(error) : EXIT_INTERRUPTED;
  }
}

function printVersion(io: CliIo): number {
  io.stdout.write(`ledgerscan ${toolVersion()}\n`);
  return EXIT.ok;
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  // `ledgerscan templates | head` closes the pipe early: that is the reader's choice, not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  const controller = new AbortController();
  // The first signal asks the command to stop gracefully, within SHUTDOWN_BOUND_MS whatever its database or
  // API does; a second one ends the process at once. Either way the exit handlers (store locks) still run.
  // Either way, the temp files it had open and an --out it made and left empty are removed, and the code is 130.
  const stop = (signal: NodeJS.Signals): void => {
    const reason = new InputError(`stopped by ${signal}; what was fetched is committed, no file half written`);
    const end = (): never => {
      cleanUpAtHardStop();
      process.exit(EXIT_INTERRUPTED);
    };
    if (controller.signal.aborted) end();
    controller.abort(reason);
    setTimeout(() => {
      process.stderr.write(`ledgerscan: not stopped within ${SHUTDOWN_BOUND_MS / 1000} s of ${signal}; exiting\n`);
      end();
    }, SHUTDOWN_BOUND_MS).unref();
  };
  // A render that does not watch the signal stops at its next write, aborting its files.
  stopWritesOn(controller.signal);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.exitCode = await runCli(process.argv.slice(2), processIo(), controller.signal);
}
