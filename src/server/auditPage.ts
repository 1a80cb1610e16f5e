import type { AuditEntry } from '../workspace/AuditLog.js';
import { auditFilter } from '../workspace/auditFilter.js';
import type { Workspace } from '../workspace/Workspace.js';
import type { AuditQuery } from './schemas/audit.js';

/**
 * One keyset page of the audit log, newest first, for the API and the page alike: `next` is the query of the
 * following page (the same filters, the cursor after this page's last entry), null on the last page.
 */
export async function auditPage(workspace: Workspace, query: AuditQuery): Promise<{ entries: AuditEntry[]; next: URLSearchParams | null }> {
  const entries = await workspace.data.audit.newest(auditFilter(query), {
    before: query.cursor === undefined ? undefined : Number(query.cursor),
    limit: query.limit,
  });
  const last = entries[entries.length - 1];
  if (last === undefined || entries.length < query.limit) return { entries, next: null };
  const next = new URLSearchParams(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]): [string, string] => [key, String(value)]),
  );
  next.set('cursor', String(last.id));
  return { entries, next };
}
