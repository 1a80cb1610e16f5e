import { InputError } from '../../../errors/LedgerscanError.js';
import { authOf } from '../../auth.js';
import { bookGains } from '../../bookGains.js';
import { disposalTrail, gainsView } from '../../gainsView.js';
import { notFound } from '../../HttpError.js';
import { idParams, notJson } from '../../schemas/common.js';
import { gainParams, gainsQuery, trailQuery } from '../../schemas/gains.js';
import { gainTrailPage } from '../../views/gainTrailPage.js';
import { gainsPage } from '../../views/gainsPage.js';
import { bookById } from '../lookups.js';
import { sendPage } from './sendPage.js';
import type { RouteApp } from '../RouteApp.js';

/** The gains page of a book (the API's view, its issues and opening lots) and a disposal's lot trail. */
export async function gainsPageRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;

  app.get(
    '/books/:id/gains',
    { config: { access: 'user' }, schema: { querystring: gainsQuery, params: idParams, response: notJson } },
    async (request, reply) => {
      const book = await bookById(workspace, request.params.id);
      const { query } = request;
      const [gains, lots] = await Promise.all([bookGains(workspace, book.id, query.run), workspace.data.bookOpeningLots(book.id)]);
      const page = { user: authOf(request).user, csrfToken: reply.generateCsrf(), book, query, lots };
      if (gains === undefined) return sendPage(reply, gainsPage(page));
      const { run, review } = gains;
      try {
        return sendPage(reply, gainsPage({ ...page, shown: { run, review, view: gainsView(review, query, book) } }));
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        const fix = error.details.fix;
        const problem = `${error.shortMessage}${fix === undefined ? '' : ` (${fix})`}`;
        const view = gainsView(review, {}, book);
        return sendPage(reply.code(400), gainsPage({ ...page, shown: { run, review, view }, problem }));
      }
    },
  );

  app.get(
    '/books/:id/gains/:entryId',
    { config: { access: 'user' }, schema: { querystring: trailQuery, params: gainParams, response: notJson } },
    async (request, reply) => {
      const book = await bookById(workspace, request.params.id);
      const gains = await bookGains(workspace, book.id, request.query.run);
      const trail = gains === undefined ? undefined : disposalTrail(gains.review, request.params.entryId);
      const first = trail?.rows[0];
      if (gains === undefined || trail === undefined || first === undefined) throw notFound('disposal');
      return sendPage(
        reply,
        gainTrailPage({
          user: authOf(request).user,
          csrfToken: reply.generateCsrf(),
          book,
          run: gains.run,
          currency: gains.review.currency,
          trail,
          disposal: { entryId: first.entryId, txHash: first.txHash, timestamp: first.soldAt },
        }),
      );
    },
  );
}
