import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { InputError } from '../../errors/LedgerscanError.js';
import { hashPassword, randomToken, tokenDigest } from '../../workspace/secrets.js';
import { openPostgresWorkspaceData, openSqliteWorkspaceData } from '../../workspace/openWorkspaceData.js';
import type { Role, WorkspaceData } from '../../workspace/WorkspaceData.js';
import { distributedFlags } from '../distributedFlags.js';
import type { CliIo } from '../CliIo.js';
import { DEFAULT_DATA_DIR } from './serveCommand.js';

export interface UsersFlags {
  action: string;
  name?: string | undefined;
  role: string;
  data?: string | undefined;
  database?: string | undefined;
}

const MIN_PASSWORD = 10;

/** `ledgerscan users add|token|list|remove`: the accounts of a workspace (its data dir, or its database). */
export async function usersCommand(flags: UsersFlags, io: CliIo): Promise<number> {
  const distributed = distributedFlags(flags, io, false);
  const data: WorkspaceData = distributed === undefined ? openSqliteWorkspaceData(path.join(path.resolve(io.cwd, flags.data ?? DEFAULT_DATA_DIR), 'workspace.db')) : (await openPostgresWorkspaceData(distributed.database)).data;
  try {
    if (flags.action === 'list') {
      for (const user of await data.listUsers()) io.stdout.write(`${user.name}\t${user.role}\n`);
      return 0;
    }
    const name = flags.name;
    if (name === undefined || name.trim() === '') throw new InputError(`users ${flags.action} needs a NAME (e.g. ledgerscan users ${flags.action} alice)`);
    if (flags.action === 'add') {
      if (flags.role !== 'admin' && flags.role !== 'viewer') throw new InputError(`--role ${JSON.stringify(flags.role)} is not a role (use admin or viewer)`);
      const password = await readPassword(io);
      await data.addUser(name, flags.role as Role, await hashPassword(password));
      io.stdout.write(`added ${name} (${flags.role})\n`);
      return 0;
    }
    const user = await data.findUser(name);
    if (user === undefined) throw new InputError(`no user ${JSON.stringify(name)} (see ledgerscan users list)`);
    if (flags.action === 'token') {
      const token = randomToken();
      await data.addToken(user.id, tokenDigest(token));
      io.stdout.write(`${token}\n`);
      return 0;
    }
    await data.removeUser(name);
    io.stdout.write(`removed ${name}\n`);
    return 0;
  } finally {
    await data.close();
  }
}

/** LEDGERSCAN_PASSWORD, or a prompt on a terminal; never a flag, which would land in the shell history. */
async function readPassword(io: CliIo): Promise<string> {
  let password = io.env.LEDGERSCAN_PASSWORD;
  if (password === undefined && process.stdin.isTTY === true && io.stdout === process.stdout) {
    const prompt = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    try {
      password = await prompt.question('password: ');
    } finally {
      prompt.close();
    }
  }
  if (password === undefined) throw new InputError('no password given (set LEDGERSCAN_PASSWORD, or run on a terminal to be asked)');
  if (password.length < MIN_PASSWORD) throw new InputError(`the password is too short (use at least ${MIN_PASSWORD} characters)`);
  return password;
}
