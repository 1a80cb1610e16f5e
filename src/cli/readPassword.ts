import { InputError } from '../errors/LedgerscanError.js';
import { checkNewPassword } from '../workspace/newPassword.js';
import type { CliIo } from './CliIo.js';

type Stdin = NonNullable<CliIo['stdin']>;

const MAX_PIPED = 64 * 1024;

/** The first line piped on stdin (a password file, `printf … |`), read to its end. */
async function firstLine(stdin: Stdin): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.length > MAX_PIPED) throw new InputError('stdin holds more than a password (pipe one line)');
  }
  return text.split(/\r?\n/)[0] ?? '';
}

/** A line typed on the terminal without echoing it; Ctrl-C gives up. */
function askHidden(stdin: Stdin, io: CliIo, question: string): Promise<string> {
  io.stderr.write(question);
  stdin.setRawMode?.(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (outcome: () => void): void => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      io.stderr.write('\n');
      outcome();
    };
    const onData = (chunk: string): void => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish(() => resolve(typed));
        if (char === '\u0003') return finish(() => reject(new InputError('no password given (cancelled)')));
        typed = char === '\u007f' || char === '\b' ? typed.slice(0, -1) : typed + char;
      }
    };
    stdin.on('data', onData);
  });
}

/**
 * A new password: LEDGERSCAN_PASSWORD, else the first line piped on stdin, else asked twice on a terminal without
 * echo. Never a flag or argument, which would land in the shell history and the process list.
 */
export async function readPassword(io: CliIo): Promise<string> {
  const { stdin } = io;
  let password = io.env.LEDGERSCAN_PASSWORD;
  if (password === undefined && stdin !== undefined) {
    if (stdin.isTTY === true) {
      password = await askHidden(stdin, io, 'new password: ');
      if ((await askHidden(stdin, io, 'again: ')) !== password) throw new InputError('the two passwords differ (run the command again)');
    } else {
      password = await firstLine(stdin);
    }
  }
  if (password === undefined || password === '')
    throw new InputError('no password given (pipe it on stdin, set LEDGERSCAN_PASSWORD, or run on a terminal to be asked)');
  return checkNewPassword(password);
}
