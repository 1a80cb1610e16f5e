import { authOf } from '../../auth.js';
import { HttpError, notFound } from '../../HttpError.js';
import { idParams, noQuery, okResponse, responses } from '../../schemas/common.js';
import { ruleAddedResponse, ruleBody, ruleListResponse, ruleParams, viewRuleBody, viewRuleResponse } from '../../schemas/rules.js';
import { entryFilter } from '../../entryFilter.js';
import { viewRuleMatch } from '../../../workspace/entries/viewRuleMatch.js';
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

  // Every entry of a filtered view, not the ticked ones: one rule whose match is the view's filter, so it reaches the
  // entries that arrive later too; undone by deleting that rule (one step, audited as any rule removed).
  app.post(
    '/api/books/:id/rules/view',
    {
      config: { access: 'staff' },
      schema: { querystring: noQuery, params: idParams, body: viewRuleBody, response: responses({ 201: viewRuleResponse }) },
    },
    async (request, reply) => {
      const book = await bookById(workspace, request.params.id);
      const { filter: query, ...changes } = request.body;
      const { filter } = entryFilter(query, book);
      const match = viewRuleMatch(filter);
      const viewed = (await workspace.entries.page(book.id, filter, null, 1)).total;
      if (viewed === 0) throw new HttpError(409, 'the view shows no entry: widen the filters, or run the book or refresh its table first');
      const added = await workspace.addBookRule(book.id, { ...changes, match }, authOf(request).user.name);
      if (added === undefined) throw notFound('book');
      await request.audit('rule.added', {
        book: book.id,
        target: ruleTarget(added.rule.id),
        after: { ...added.rule, matched: added.matched, view: query, viewed },
      });
      const uneven =
        added.matched === viewed
          ? []
          : [
              `rule ${added.rule.id} changes ${added.matched} of the view's ${viewed} entries: the others are fees (a fee stays a fee), already so, or kept by an earlier rule`,
            ];
      return reply.code(201).send({ ...added, viewed, warnings: [...uneven, ...added.warnings] });
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
