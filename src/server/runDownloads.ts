import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { filesDirOf, listedFilePath } from '../workspace/runFiles.js';
import type { Workspace } from '../workspace/Workspace.js';
import type { Run } from '../workspace/WorkspaceData.js';
import { notFound } from './HttpError.js';
import { sendZip } from './zipFiles.js';

const TYPES: Record<string, string> = { '.csv': 'text/csv; charset=utf-8', '.json': 'application/json; charset=utf-8' };

/** One of the run's listed files, as an attachment; any other name (`..`, encoded, absolute, unlisted) is a 404. */
export function sendRunFile(reply: FastifyReply, workspace: Workspace, run: Run, name: string): FastifyReply {
  const file = listedFilePath(filesDirOf(workspace.stores, run), run.files, name);
  if (file === undefined) throw notFound('file');
  const type = TYPES[path.extname(file)] ?? 'text/plain; charset=utf-8';
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(path.basename(file))}`)
    .send(fs.createReadStream(file));
}

/** Every listed file of the run (the manifest included) in one zip, under the names the manifest gives. */
export function sendRunZip(reply: FastifyReply, workspace: Workspace, run: Run): FastifyReply {
  if (run.files.length === 0) throw notFound('files of this run');
  const outDir = filesDirOf(workspace.stores, run);
  const entries = run.files.map((file) => ({ name: file.name, path: listedFilePath(outDir, run.files, file.name) ?? '' }));
  return sendZip(reply, `run-${run.id}.zip`, entries);
}
