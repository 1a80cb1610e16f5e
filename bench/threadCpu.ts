/**
 * The stage's CPU time split by thread, from Linux's per-thread counters (`/proc/self/task/TID/stat`): the main
 * thread, the parts' worker threads, and the helpers (V8's collector and compiler threads, libuv's pool, tsx's
 * loader). A worker thread has ended by the time the stage reports, and its counters with it; what the process
 * spent beyond the threads still alive is theirs. `null` where there is no `/proc`.
 */
import fs from 'node:fs';

/** Clock ticks per second of the `stat` counters (USER_HZ): 100 on every Linux this runs on. */
const TICKS = 100;

export interface ThreadCpuMark {
  usage: NodeJS.CpuUsage;
  tasks: Map<string, number>;
}

/** CPU seconds of the span since a mark: the main thread, threads ended since (the workers), the rest alive. */
export interface ThreadCpuSeconds {
  main: number;
  ended: number;
  helpers: number;
}

export function markThreadCpu(): ThreadCpuMark | null {
  const tasks = taskSeconds();
  return tasks === null ? null : { usage: process.cpuUsage(), tasks };
}

export function threadCpuSince(mark: ThreadCpuMark | null): ThreadCpuSeconds | null {
  const tasks = taskSeconds();
  if (mark === null || tasks === null) return null;
  const usage = process.cpuUsage(mark.usage);
  const total = (usage.user + usage.system) / 1e6;
  let main = 0;
  let helpers = 0;
  for (const [tid, seconds] of tasks) {
    const spent = seconds - (mark.tasks.get(tid) ?? 0);
    if (tid === String(process.pid)) main += spent;
    else helpers += spent;
  }
  const round = (seconds: number): number => Math.round(seconds * 100) / 100;
  return { main: round(main), ended: round(Math.max(0, total - main - helpers)), helpers: round(helpers) };
}

function taskSeconds(): Map<string, number> | null {
  let tids: string[];
  try {
    tids = fs.readdirSync('/proc/self/task');
  } catch {
    return null;
  }
  const seconds = new Map<string, number>();
  for (const tid of tids) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      seconds.set(tid, (Number(fields[11]) + Number(fields[12])) / TICKS);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return seconds;
}
