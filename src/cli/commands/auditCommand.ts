import { csvLine } from '../../templates/csvLine.js';
import { auditFilter } from '../../workspace/auditFilter.js';
import type { AuditEntry } from '../../workspace/AuditLog.js';
import type { CliIo } from '../CliIo.js';
import { openCliWorkspaceData } from '../openCliWorkspaceData.js';

export interface AuditFlags {
  data?: string | undefined;
  database?: string | undefined;
  book?: string | undefined;
  user?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const HEADER = ['id', 'at', 'user', 'via', 'action', 'book', 'target', 'before', 'after'];

const cells = (entry: AuditEntry): string[] => [
  String(entry.id),
  entry.at,
  entry.user ?? '',
  entry.via,
  entry.action,
  entry.book === null ? '' : String(entry.book),
  entry.target,
  entry.before === null ? '' : JSON.stringify(entry.before),
  entry.after === null ? '' : JSON.stringify(entry.after),
];

/**
 * `ledgerscan audit --data DIR | --database URL`: the workspace's audit log as CSV on stdout, oldest first, read
 * a page at a time; filters as the page's. Cells a spreadsheet would run as a formula are neutralised.
 */
export async function auditCommand(flags: AuditFlags, io: CliIo): Promise<number> {
  const filter = auditFilter(flags);
  const data = await openCliWorkspaceData(flags, io);
  try {
    io.stdout.write(`${csvLine([...HEADER], '\n')}\n`);
    for await (const entry of data.audit.oldestFirst(filter)) io.stdout.write(`${csvLine(cells(entry), '\n')}\n`);
    return 0;
  } finally {
    await data.close();
  }
}
