/**
 * The one closed list of what the audit log records. A feature that changes something adds its action here and
 * records it with one line (`request.audit(...)` in a route, `data.audit.record(...)` elsewhere).
 */
export const AUDIT_ACTIONS = [
  'login',
  'login.failed',
  'logout',
  'book.created',
  'book.edited',
  'book.archived',
  'book.restored',
  'book.deleted',
  'book.staff_changed',
  'book.cost_basis_changed',
  'schedules.changed',
  'run.started',
  'run.stopped',
  'period.closed',
  'share.created',
  'share.revoked',
  'share.downloaded',
  'user.created',
  'user.role_changed',
  'user.password_changed',
  'user.password_reset',
  'user.token_created',
  'user.removed',
  'rule.added',
  'rule.removed',
  'price.added',
  'price.removed',
  'lot.added',
  'lot.removed',
  'note.added',
  'note.edited',
  'note.deleted',
  'review.changed',
  'review.bulk_changed',
  'review.bulk_undone',
  'suggestion.dismissed',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
