import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { InputError, LedgerscanError } from '../errors/LedgerscanError.js';
import { redact } from '../secrets/redact.js';

/** What a lock file holds: enough for a person to tell which run has the store. */
interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
  command: string;
}

/** A lock file still empty this long after creation belongs to a run that died between create and write. */
const EMPTY_LOCK_GRACE_MS = 10_000;
const TAKEOVER_ATTEMPTS = 5;

/**
 * Keeps two ledgerscan runs (a cron and a person, say) off one store: an exclusive `<state>.lock` file,
 * created with O_EXCL, holding the owner's pid, host, start time and command. A lock whose process is gone
 * is taken over; a live one is an `InputError` naming the owner. The lock is released by `release()`, on
 * process exit, and on SIGINT/SIGTERM when nothing else handles them (a CLI with its own graceful stop
 * keeps that stop and calls `release()` itself).
 */
export class RunLock {
  readonly path: string;
  private readonly content: string;
  private released = false;
  private readonly onExit = (): void => this.release();
  private readonly onSignal = (signal: NodeJS.Signals): void => {
    // Alone, we must not swallow the signal: release, then let the default action end the process.
    if (process.listenerCount(signal) > 1) return;
    this.release();
    process.kill(process.pid, signal);
  };

  private constructor(lockPath: string, content: string) {
    this.path = lockPath;
    this.content = content;
    process.once('exit', this.onExit);
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
  }

  /**
   * Takes the lock of the store at `statePath`, or throws `InputError` if another live run holds it.
   * `command` is what the lock file shows to whoever finds it, e.g. `ledgerscan sync --config job.json`.
   */
  static acquire(statePath: string, command: string): RunLock {
    const lockPath = `${statePath}.lock`;
    // The command line may carry `--api-key`, and the lock is a file anyone on the machine can read.
    const safeCommand = redact(command.replace(/(--api-key[= ])\S+/gi, '$1***'));
    const owner: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), command: safeCommand };
    const content = `${JSON.stringify(owner)}\n`;
    for (let attempt = 0; attempt < TAKEOVER_ATTEMPTS; attempt++) {
      if (create(lockPath, content)) return new RunLock(lockPath, content);
      const held = readLock(lockPath);
      if (held === null) continue; // released between our create and read
      if (isLive(held, lockPath)) throw lockedError(statePath, lockPath, held.owner);
      takeOver(lockPath, held.text);
    }
    throw new LedgerscanError('could not take over a stale store lock', { details: { lock: lockPath }, kind: 'input' });
  }

  /** Removes the lock if it is still ours; safe to call more than once. */
  release(): void {
    if (this.released) return;
    this.released = true;
    process.removeListener('exit', this.onExit);
    process.removeListener('SIGINT', this.onSignal);
    process.removeListener('SIGTERM', this.onSignal);
    if (readLock(this.path)?.text === this.content) rmSync(this.path, { force: true });
  }
}

function create(lockPath: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx');
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    throw new LedgerscanError('cannot create the store lock', { details: { lock: lockPath }, cause: error, kind: 'input' });
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

interface HeldLock {
  text: string;
  /** `null` when the file is empty or unreadable as a lock. */
  owner: LockOwner | null;
  modifiedMs: number;
}

function readLock(lockPath: string): HeldLock | null {
  try {
    const modifiedMs = statSync(lockPath).mtimeMs;
    const text = readFileSync(lockPath, 'utf8');
    return { text, owner: parseOwner(text), modifiedMs };
  } catch (error) {
    if (isCode(error, 'ENOENT')) return null;
    throw error;
  }
}

function parseOwner(text: string): LockOwner | null {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string') return null;
    return { pid: value.pid, host: value.host, startedAt: String(value.startedAt ?? ''), command: String(value.command ?? '') };
  } catch {
    return null;
  }
}

/**
 * A lock of another host cannot be checked, so it counts as live; an empty one is live while its creator
 * may still be writing it.
 */
function isLive(held: HeldLock, lockPath: string): boolean {
  if (held.owner === null) return Date.now() - held.modifiedMs < EMPTY_LOCK_GRACE_MS;
  if (held.owner.host !== hostname()) return true;
  try {
    process.kill(held.owner.pid, 0);
    return true;
  } catch (error) {
    if (isCode(error, 'ESRCH')) return false;
    if (isCode(error, 'EPERM')) return true; // alive, owned by another user
    throw new LedgerscanError('cannot check the store lock owner', { details: { lock: lockPath, pid: held.owner.pid }, cause: error });
  }
}

/**
 * Moves the stale file aside before deleting it, and checks that what moved is the stale lock we read:
 * another run may have taken it over in between, and its live lock must be put back, never deleted.
 */
function takeOver(lockPath: string, staleText: string): void {
  const aside = `${lockPath}.${process.pid}.stale`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return;
    throw error;
  }
  try {
    if (readFileSync(aside, 'utf8') !== staleText) linkSync(aside, lockPath);
  } catch (error) {
    // EEXIST: a third run created a lock meanwhile; it holds the store and ours goes.
    if (!isCode(error, 'EEXIST')) throw error;
  } finally {
    rmSync(aside, { force: true });
  }
}

function lockedError(statePath: string, lockPath: string, owner: LockOwner | null): InputError {
  const who = owner === null ? 'another ledgerscan run' : `another ledgerscan run (pid ${owner.pid}, started ${owner.startedAt})`;
  return new InputError(`${who} is using ${statePath}`, {
    details: {
      command: owner?.command,
      host: owner !== null && owner.host !== hostname() ? owner.host : undefined,
      fix: `wait for it, or remove ${lockPath} if it crashed`,
    },
  });
}

/** By shape, not `instanceof Error`: system errors may come from another realm (jest's vm modules). */
function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as NodeJS.ErrnoException).code === code;
}
