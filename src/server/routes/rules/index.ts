import { authOf } from '../../auth.js';
import { notFound } from '../../HttpError.js';
import { idParams, noQuery, okResponse, responses } from '../../schemas/common.js';
import { ruleAddedResponse, ruleBody, ruleListResponse, ruleParams } from '../../schemas/rules.js';
import { ruleTarget } from '../../../workspace/AuditLog.js';
import { bookById } from '../lookups.js';
import { noMatchWarning } from './noMatchWarning.js';
import type { RouteApp } from '../RouteApp.js';

/** `/api/books/:id/rules`: a book's corrections (docs/ledger-rules.md, "Book rules"); everyone who sees the book reads, admins and its staff change. */
export async function ruleRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;

  app.get(
    '/api/books/:id/rules',
    { config: { access: 'user' }, schema: { querystring: noQuery, params: idParams, response: responses({ 200: ruleListResponse }) } },
    async (request) => workspace.data.bookRules((await bookById(workspace, request.params.id)).id),
  );

  app.post(
    '/api/books/:id/rules',
    {
      config: { access: 'staff' },
      schema: { querystring: noQuery, params: idParams, body: ruleBody, response: responses({ 201: ruleAddedResponse }) },
    },
    async (request, reply) => {
      const book = await bookById(workspace, request.params.id);
      const added = await workspace.addBookRule(book.id, request.body, authOf(request).user.name);
      if (added === undefined) throw notFound('book');
      await request.audit('rule.added', {
        book: book.id,
        target: ruleTarget(added.rule.id),
        after: { ...added.rule, matched: added.matched },
      });
      return reply
        .code(201)
        .send({ ...added, warnings: [...(added.matched === 0 ? [noMatchWarning(added.rule.id)] : []), ...added.warnings] });
    },
  );

  app.delete(
    '/api/books/:id/rules/:ruleId',
    { config: { access: 'staff' }, schema: { querystring: noQuery, params: ruleParams, response: responses({ 200: okResponse }) } },
    async (request) => {
      const book = await bookById(workspace, request.params.id);
      const ruleId = Number(request.params.ruleId);
      const before = (await workspace.data.bookRules(book.id)).find((rule) => rule.id === ruleId);
      if (before === undefined || !(await workspace.removeBookRule(book.id, ruleId))) throw notFound('rule');
      await request.audit('rule.removed', { book: book.id, target: ruleTarget(ruleId), before });
      return { ok: true };
    },
  );
}
