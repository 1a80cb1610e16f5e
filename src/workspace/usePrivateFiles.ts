import fs from 'node:fs';
import path from 'node:path';

/** What a command that creates or opens the workspace's data makes is for the workspace's users only: files 0600, folders 0700. */
export const PRIVATE_UMASK = 0o077;

/**
 * Sets the process umask so `workspace.db` (password hashes, session digests), run and filed files are not
 * world-readable: every file and folder the process creates from now on gets no group or other rights. Returns
 * the umask it replaced (a test in a shared process puts it back).
 */
export function usePrivateFiles(): number {
  return process.umask(PRIVATE_UMASK);
}

/**
 * Takes the group and other rights off `dir` and everything under it (symlinks are not followed), so a folder
 * made before the umask was set — by an older ledgerscan, or by hand — is private too. Owner rights are kept as
 * they are: a filed file stays 0400. A folder that does not exist yet is left to the umask.
 */
export function tightenPrivateFiles(dir: string): void {
  const tighten = (target: string): void => {
    const stat = fs.lstatSync(target, { throwIfNoEntry: false });
    if (stat === undefined || stat.isSymbolicLink()) return;
    if ((stat.mode & PRIVATE_UMASK) !== 0) fs.chmodSync(target, stat.mode & 0o7777 & ~PRIVATE_UMASK);
    if (stat.isDirectory()) for (const name of fs.readdirSync(target)) tighten(path.join(target, name));
  };
  tighten(dir);
}

/** `usePrivateFiles` and `tightenPrivateFiles` at once: what every command that opens a workspace's folder does first. */
export function privateWorkspaceFolder(dir: string): void {
  usePrivateFiles();
  tightenPrivateFiles(dir);
}
