import { LedgerscanError } from '../../errors/LedgerscanError.js';
import type { LoginThrottle } from '../LoginThrottle.js';
import { auditRoutes } from './audit/index.js';
import { bookRoutes } from './books/index.js';
import { bookStaffRoutes } from './books/staff.js';
import { entryRoutes } from './entries/index.js';
import { entryHistoryRoutes } from './entries/history.js';
import { gainsRoutes } from './gains/index.js';
import { gainsPageRoutes } from './pages/gainsPages.js';
import { healthRoutes } from './health/index.js';
import { nightRoutes } from './nights/index.js';
import { accountPageRoutes } from './pages/accountPages.js';
import { pageRoutes } from './pages/index.js';
import { entryPageRoutes } from './pages/entryPages.js';
import { runPageRoutes } from './pages/runPages.js';
import { staffPageRoutes } from './pages/staffPages.js';
import { runFileRoutes } from './runs/files.js';
import { runKindRoutes } from './runs/kinds.js';
import { priceRoutes } from './prices/index.js';
import { ruleRoutes } from './rules/index.js';
import { runRoutes } from './runs/index.js';
import { sessionRoutes } from './session/index.js';
import { shareLinkRoutes } from './shares/shareLinks.js';
import { shareRoutes } from './shares/index.js';
import { suggestionRoutes } from './suggestions/index.js';
import { userRoutes } from './users/index.js';
import { ownPasswordRoutes } from './users/me.js';
import type { RouteApp } from './RouteApp.js';
import { bookScopeOf } from '../routeBook.js';

export interface RouteOptions {
  secureCookies: boolean;
  publicUrl?: string | undefined;
  throttle: LoginThrottle;
}

/**
 * Every route of the workspace, one folder per resource. A route that does not say who may call it
 * (`config.access`) or has no schema for its query and responses is a mistake found at start, not in production.
 */
export async function routes(app: RouteApp, options: RouteOptions): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD') return;
    if (route.config?.access === undefined)
      throw new LedgerscanError(`route ${route.url} declares no access (config.access: public, user, staff or admin)`);
    // Staff and clients are held to their books by the path (`bookAccess`): a route that staff or clients may
    // call and whose path names no book says what it touches instead, so none is left open by oversight.
    const { access, book } = route.config;
    if (access !== 'public' && access !== 'admin' && bookScopeOf(route.url) === undefined && (access === 'staff' || book === undefined))
      throw new LedgerscanError(
        `route ${route.url} names no book in its path (/books/:id, /runs/:id, /api/shares/:id): make it admin-only, or declare config.book (none or filtered)`,
      );
    if (route.schema?.querystring === undefined || route.schema.response === undefined)
      throw new LedgerscanError(`route ${route.url} has no schema for its query and responses`);
  });
  await app.register(sessionRoutes, { secureCookies: options.secureCookies, throttle: options.throttle });
  await app.register(healthRoutes);
  await app.register(nightRoutes);
  await app.register(bookRoutes);
  await app.register(bookStaffRoutes);
  await app.register(ruleRoutes);
  await app.register(priceRoutes);
  await app.register(entryRoutes);
  await app.register(entryHistoryRoutes);
  await app.register(gainsRoutes);
  await app.register(suggestionRoutes);
  await app.register(runRoutes);
  await app.register(runFileRoutes);
  await app.register(runKindRoutes);
  await app.register(shareRoutes, { publicUrl: options.publicUrl });
  await app.register(shareLinkRoutes);
  await app.register(userRoutes);
  await app.register(ownPasswordRoutes, { throttle: options.throttle });
  await app.register(auditRoutes);
  await app.register(pageRoutes);
  await app.register(runPageRoutes);
  await app.register(accountPageRoutes);
  await app.register(entryPageRoutes);
  await app.register(staffPageRoutes);
  await app.register(gainsPageRoutes);
}
