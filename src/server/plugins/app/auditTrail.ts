import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditAction } from '../../../workspace/AuditAction.js';
import type { AuditActor, AuditRecord } from '../../../workspace/AuditLog.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Records in the audit log what this request did, as its caller (`actor` when the route knows better: a login
     * not yet a session). One line at the call site: `await request.audit('rule.added', { book, target, after })`.
     */
    audit(action: AuditAction, what: Omit<AuditRecord, 'action'> & { actor?: AuditActor }): Promise<void>;
  }
}

/** The caller of a request as the audit log names them: the logged-in user and how, else nobody. */
function actorOf(request: FastifyRequest): AuditActor {
  return request.auth === null
    ? { id: null, name: null, via: 'anonymous' }
    : { id: request.auth.user.id, name: request.auth.user.name, via: request.auth.via };
}

/** `request.audit`: every route records through it, so who and how come from one place. */
export const auditTrail = fp(
  async (app) => {
    const { audit } = app.workspace.data;
    app.decorateRequest(
      'audit',
      function (this: FastifyRequest, action: AuditAction, what: Omit<AuditRecord, 'action'> & { actor?: AuditActor }) {
        const { actor, ...record } = what;
        return audit.record(actor ?? actorOf(this), { action, ...record });
      },
    );
  },
  { name: 'audit-trail', dependencies: ['workspace', 'authentication'] },
);
