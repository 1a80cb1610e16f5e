import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** Hex sha256 of a file, streamed so a large ledger is never read into memory at once. */
export async function sha256File(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
