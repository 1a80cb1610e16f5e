import yazl from 'yazl';
import type { FastifyReply } from 'fastify';

/**
 * Streams a zip of the given files (name in the archive → disk path). Entries carry a fixed
 * time, so the same files always make the same archive.
 */
export function sendZip(reply: FastifyReply, fileName: string, entries: readonly { name: string; path: string }[]): FastifyReply {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addFile(entry.path, entry.name, { mtime: new Date(Date.UTC(2000, 0, 1)) });
  zip.end();
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(zip.outputStream);
}
