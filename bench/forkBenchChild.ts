import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { once } from 'node:events';

export interface BenchChild<Message, Request> {
  child: ChildProcess;
  /** The child's next message; rejects if it exits first. */
  next(): Promise<Message>;
  send(request: Request): void;
  /** Sends `close` and waits for the child to exit. */
  close(): Promise<void>;
}

/** A bench script (TypeScript through tsx) in a process of its own, its options as JSON in argv[2], talking over IPC. */
export function forkBenchChild<Message, Request extends { type: string }>(script: string, options: unknown): BenchChild<Message, Request> {
  const child = fork(script, [JSON.stringify(options)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const send = (request: Request): void => {
    child.send(request);
  };
  return {
    child,
    send,
    async next() {
      // The exit listener goes with the message: one left per call passed Node's ten-listener warning.
      const answered = new AbortController();
      const exited = once(child, 'exit', { signal: answered.signal }).then(([code]) => {
        throw new Error(`${script} exited (${String(code)})`);
      });
      try {
        const [message] = (await Promise.race([once(child, 'message'), exited])) as [Message];
        return message;
      } finally {
        answered.abort();
      }
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      send({ type: 'close' } as Request);
      await exited;
    },
  };
}
