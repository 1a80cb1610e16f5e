import type { ChildProcess } from 'node:child_process';

/** A child process's stdout lines as they arrive; `next` fails if the child exits before its line. */
export function childLines(child: ChildProcess): { next(): Promise<string> } {
  const queue: string[] = [];
  let wake: (() => void) | null = null;
  let buffered = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    queue.push(...parts);
    wake?.();
  });
  child.on('exit', () => wake?.());
  return {
    async next() {
      while (queue.length === 0) {
        if (child.exitCode !== null) throw new Error(`child exited ${child.exitCode} before its line`);
        await new Promise<void>((resolve) => (wake = resolve));
      }
      return queue.shift() as string;
    },
  };
}
