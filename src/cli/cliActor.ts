import os from 'node:os';
import type { AuditActor } from '../workspace/AuditLog.js';

/** Who the audit log names for a change made on the command line: the operating system's user, where it has one. */
export function cliActor(io: { env: NodeJS.ProcessEnv }): AuditActor {
  let name: string | null;
  try {
    name = os.userInfo().username;
  } catch {
    name = io.env.USER ?? null;
  }
  return { id: null, name, via: 'cli' };
}
