/** What `serve` and `worker` create is for the workspace's users only: files 0600, folders 0700. */
export const PRIVATE_UMASK = 0o077;

/**
 * Sets the process umask so `workspace.db` (password hashes, session digests), run and filed files are not
 * world-readable: every file and folder the process creates from now on gets no group or other rights. Returns
 * the umask it replaced (a test in a shared process puts it back).
 */
export function usePrivateFiles(): number {
  return process.umask(PRIVATE_UMASK);
}
