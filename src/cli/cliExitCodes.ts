/** The command line's own exit codes, beside `EXIT` (errors/exitCode.ts), which the workspace shares. */

/** The run succeeded, but not as its own options require (`--require-values`: rows that should have a value have none). */
export const EXIT_UNVALUED = 4;

/** 128 + SIGINT's number, as shells report a program Ctrl-C stopped: the exit code of any stopped command. */
export const EXIT_INTERRUPTED = 130;
