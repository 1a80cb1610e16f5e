import { InputError } from '../errors/LedgerscanError.js';
import { AUDIT_ACTIONS } from './AuditAction.js';
import type { AuditAction } from './AuditAction.js';
import type { AuditFilter } from './AuditLog.js';

/** The audit log's filters as a page, the API and `ledgerscan audit` take them: text, empty meaning any. */
export interface AuditFilterInput {
  book?: string | number | undefined;
  user?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const given = (value: string | number | undefined): string | undefined =>
  value === undefined || String(value).trim() === '' ? undefined : String(value).trim();

/** A bound as an ISO instant: a day covers all of it (UTC), `from` from its first millisecond and `to` to its last. */
function bound(value: string | undefined, field: 'from' | 'to'): string | undefined {
  if (value === undefined) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const instant = new Date(day ? `${value}T${field === 'from' ? '00:00:00.000' : '23:59:59.999'}Z` : value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(instant.getTime())) {
    throw new InputError(
      `${field} ${JSON.stringify(value)} is not a date (use YYYY-MM-DD, or an ISO instant such as 2026-01-31T12:00:00Z)`,
      { details: { field } },
    );
  }
  return instant.toISOString();
}

/** The filter asked for, each field checked and named when it is wrong. */
export function auditFilter(input: AuditFilterInput): AuditFilter {
  const book = given(input.book);
  if (book !== undefined && !/^[1-9]\d{0,15}$/.test(book))
    throw new InputError(`book ${JSON.stringify(book)} is not a book id (a number such as 3)`, { details: { field: 'book' } });
  const action = given(input.action);
  if (action !== undefined && !AUDIT_ACTIONS.includes(action as AuditAction)) {
    throw new InputError(`action ${JSON.stringify(action)} is not an audited action (one of ${AUDIT_ACTIONS.join(', ')})`, {
      details: { field: 'action' },
    });
  }
  return {
    book: book === undefined ? undefined : Number(book),
    user: given(input.user),
    action: action as AuditAction | undefined,
    from: bound(given(input.from), 'from'),
    to: bound(given(input.to), 'to'),
  };
}
