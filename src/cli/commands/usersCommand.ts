import { InputError } from '../../errors/LedgerscanError.js';
import { userTarget } from '../../workspace/AuditLog.js';
import { hashPassword, randomToken, tokenDigest } from '../../workspace/secrets.js';
import { ROLES } from '../../workspace/Accounts.js';
import type { Role } from '../../workspace/WorkspaceData.js';
import { cliActor } from '../cliActor.js';
import type { CliIo } from '../CliIo.js';
import { openCliWorkspaceData } from '../openCliWorkspaceData.js';
import { readPassword } from '../readPassword.js';

export interface UsersFlags {
  action: string;
  name?: string | undefined;
  role: string;
  data?: string | undefined;
  database?: string | undefined;
}

/**
 * `ledgerscan users add|passwd|token|list|remove`: the accounts of a workspace (its data dir, or its database).
 * Passwords come from LEDGERSCAN_PASSWORD, stdin or a prompt, never the command line; every change is audited.
 */
export async function usersCommand(flags: UsersFlags, io: CliIo): Promise<number> {
  const data = await openCliWorkspaceData(flags, io);
  const audit = (
    action: 'user.created' | 'user.password_reset' | 'user.token_created' | 'user.removed',
    name: string,
    what: { before?: unknown; after?: unknown } = {},
  ): Promise<void> => data.audit.record(cliActor(io), { action, target: userTarget(name), ...what });
  try {
    if (flags.action === 'list') {
      for (const user of await data.listUsers()) io.stdout.write(`${user.name}\t${user.role}\n`);
      return 0;
    }
    const name = flags.name;
    if (name === undefined || name.trim() === '')
      throw new InputError(`users ${flags.action} needs a NAME (e.g. ledgerscan users ${flags.action} alice)`);
    if (flags.action === 'add') {
      if (!ROLES.includes(flags.role as Role))
        throw new InputError(`--role ${JSON.stringify(flags.role)} is not a role (use ${ROLES.join(', ')})`);
      const password = await readPassword(io);
      await data.addUser(name, flags.role as Role, await hashPassword(password));
      await audit('user.created', name, { after: { name, role: flags.role } });
      io.stdout.write(`added ${name} (${flags.role})\n`);
      return 0;
    }
    const user = await data.findUser(name);
    if (user === undefined) throw new InputError(`no user ${JSON.stringify(name)} (see ledgerscan users list)`);
    if (flags.action === 'passwd') {
      const sessionsEnded = await data.setPassword(user.id, await hashPassword(await readPassword(io)));
      await audit('user.password_reset', name, { after: { sessionsEnded } });
      io.stdout.write(`changed the password of ${name}; ${sessionsEnded} session(s) ended\n`);
      return 0;
    }
    if (flags.action === 'token') {
      const token = randomToken();
      await data.addToken(user.id, tokenDigest(token));
      await audit('user.token_created', name);
      io.stdout.write(`${token}\n`);
      return 0;
    }
    await data.removeUser(name, false);
    await audit('user.removed', name, { before: { name, role: user.role } });
    io.stdout.write(`removed ${name}\n`);
    if (!(await data.listUsers()).some((other) => other.role === 'admin'))
      io.stderr.write('no admin is left: add one with ledgerscan users add NAME --role admin\n');
    return 0;
  } finally {
    await data.close();
  }
}
