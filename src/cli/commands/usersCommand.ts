import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { InputError } from '../../errors/LedgerscanError.js';
import { hashPassword, randomToken, tokenDigest } from '../../workspace/secrets.js';
import { SqliteWorkspaceData } from '../../workspace/SqliteWorkspaceData.js';
import { PostgresWorkspaceData } from '../../workspace/PostgresWorkspaceData.js';
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
  const data: WorkspaceData = distributed === undefined ? new SqliteWorkspaceData(path.join(path.resolve(io.cwd, flags.data ?? DEFAULT_DATA_DIR), 'workspace.db')) : new PostgresWorkspaceData(distributed.database);
  try {
    if (flags.action === 'list') {
      for (const user of data.listUsers()) io.stdout.write(`${user.name}\t${user.role}\n`);
      return 0;
    }
    const name = flags.name;
    if (name === undefined || name.trim() === '') throw new InputError(`users ${flags.action} needs a NAME (e.g. ledgerscan users ${flags.action} alice)`);
    if (flags.action === 'add') {
      if (flags.role !== 'admin' && flags.role !== 'viewer') throw new InputError(`--role ${JSON.stringify(flags.role)} is not a role (use admin or viewer)`);
      const password = await readPassword(io);
      data.addUser(name, flags.role as Role, await hashPassword(password));
      io.stdout.write(`added ${name} (${flags.role})\n`);
      return 0;
    }
    const user = data.findUser(name);
    if (user === undefined) throw new InputError(`no user ${JSON.stringify(name)} (see ledgerscan users list)`);
    if (flags.action === 'token') {
      const token = randomToken();
      data.addToken(user.id, tokenDigest(token));
      io.stdout.write(`${token}\n`);
      return 0;
    }
    data.removeUser(name);
    io.stdout.write(`removed ${name}\n`);
    return 0;
  } finally {
    data.close();
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
