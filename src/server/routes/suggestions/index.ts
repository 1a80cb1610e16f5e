import { authOf } from '../../auth.js';
import { notFound } from '../../HttpError.js';
import { idParams, noQuery, responses } from '../../schemas/common.js';
import {
  acceptAllBody,
  acceptAllResponse,
  acceptedResponse,
  dismissedResponse,
  suggestionListResponse,
  suggestionParams,
  suggestionsQuery,
} from '../../schemas/suggestions.js';
import { ruleTarget } from '../../../workspace/AuditLog.js';
import { acceptSuggestion, bookSuggestions, dismissSuggestion } from '../../../workspace/transferSuggestions.js';
import type { Book } from '../../../workspace/WorkspaceData.js';
import type { Workspace } from '../../../workspace/Workspace.js';
import type { FastifyRequest } from 'fastify';
import { bookById } from '../lookups.js';
import type { RouteApp } from '../RouteApp.js';

/**
 * `/api/books/:id/suggestions`: pairs of legs that look like one transfer between own wallets or a bridge; everyone
 * reads, admins accept (the rule a pair ticked by hand makes, audited as `rule.added`) or dismiss (remembered, audited).
 */
export async function suggestionRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;

  app.get(
    '/api/books/:id/suggestions',
    {
      config: { access: 'user' },
      schema: { querystring: suggestionsQuery, params: idParams, response: responses({ 200: suggestionListResponse }) },
    },
    async (request) => ({
      suggestions: await bookSuggestions(workspace, await bookById(workspace, request.params.id), request.query.window),
    }),
  );

  app.post(
    '/api/books/:id/suggestions/:sid/accept',
    {
      config: { access: 'staff' },
      schema: { querystring: noQuery, params: suggestionParams, response: responses({ 201: acceptedResponse }) },
    },
    async (request, reply) => {
      const book = await bookById(workspace, request.params.id);
      const added = await accepted(workspace, request, book, request.params.sid);
      if (added === undefined) throw notFound('suggestion');
      return reply.code(201).send(added);
    },
  );

  app.post(
    '/api/books/:id/suggestions/accept',
    {
      config: { access: 'staff' },
      schema: { querystring: noQuery, params: idParams, body: acceptAllBody, response: responses({ 200: acceptAllResponse }) },
    },
    async (request) => {
      const book = await bookById(workspace, request.params.id);
      const made = [];
      const gone: string[] = [];
      // One at a time: each rule is checked on the table the previous one left.
      for (const sid of new Set(request.body.ids)) {
        const added = await accepted(workspace, request, book, sid);
        if (added === undefined) gone.push(sid);
        else made.push(added);
      }
      return { accepted: made, gone };
    },
  );

  app.post(
    '/api/books/:id/suggestions/:sid/dismiss',
    {
      config: { access: 'staff' },
      schema: { querystring: noQuery, params: suggestionParams, response: responses({ 200: dismissedResponse }) },
    },
    async (request) => {
      const book = await bookById(workspace, request.params.id);
      const dismissed = await dismissSuggestion(workspace, book, request.params.sid, authOf(request).user.name);
      if (dismissed === undefined) throw notFound('suggestion');
      await request.audit('suggestion.dismissed', { book: book.id, target: `suggestion ${dismissed.id}`, before: dismissed });
      return { dismissed };
    },
  );
}

/** A suggestion accepted as its rule and audited as a rule added by hand is; `undefined` when it is no longer shown. */
async function accepted(workspace: Workspace, request: FastifyRequest, book: Book, sid: string) {
  const added = await acceptSuggestion(workspace, book, sid, authOf(request).user.name);
  if (added === undefined) return undefined;
  await request.audit('rule.added', {
    book: book.id,
    target: ruleTarget(added.rule.id),
    after: { ...added.rule, matched: added.matched, suggestion: sid },
  });
  return added;
}
