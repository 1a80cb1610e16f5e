import { InputError } from '../errors/LedgerscanError.js';

/**
 * What a server that could not listen tells its user: a port another program holds (EADDRINUSE), or one this
 * user may not open (EACCES, below 1024), is bad input naming `--port`; anything else stays what it was.
 */
export function listenRefusal(error: unknown, port: number): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') {
    return new InputError(`--port ${port} is taken by another program`, {
      details: { fix: 'stop that program or pick a free port with --port (0 = any free port)' },
    });
  }
  if (code === 'EACCES') {
    return new InputError(`--port ${port} may not be opened by this user`, { details: { fix: 'pick a port above 1023 with --port' } });
  }
  return error;
}
