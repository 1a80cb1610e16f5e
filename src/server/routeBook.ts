import type { WorkspaceData } from '../workspace/WorkspaceData.js';

/**
 * What a route's `:id` names, by where the route lives: `/books/:id…` a book, `/runs/:id…` a run,
 * `/api/shares/:id…` a share. Each maps to the one book it belongs to, which is what access is decided on.
 */
export type BookScope = 'book' | 'run' | 'share';

/**
 * A route that names no book by its path says so in `config.book`: `none` (it touches no book: an account, the
 * session) or `filtered` (a list that keeps the caller's books only, through `visibleBooks`).
 */
export type BookDeclaration = 'none' | 'filtered';

declare module 'fastify' {
  interface FastifyContextConfig {
    book?: BookDeclaration;
  }
}

const SCOPES: readonly (readonly [RegExp, BookScope])[] = [
  [/^(\/api)?\/books\/:id(\/|$)/, 'book'],
  [/^(\/api)?\/runs\/:id(\/|$)/, 'run'],
  [/^\/api\/shares\/:id(\/|$)/, 'share'],
];

/** The scope of a route (its path as declared, `/api/runs/:id/files/:name`), or undefined when it names no book. */
export const bookScopeOf = (route: string): BookScope | undefined => SCOPES.find(([pattern]) => pattern.test(route))?.[1];

const decimalId = (text: string): number | undefined => (/^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : undefined);

/** The id of the book the `:id` of a route of that scope belongs to, or undefined when it names nothing. */
export async function bookOfScope(data: WorkspaceData, scope: BookScope, id: string): Promise<number | undefined> {
  if (scope === 'share') {
    const share = await data.getShare(id);
    return share === undefined ? undefined : (await data.getRun(share.runId))?.bookId;
  }
  const number = decimalId(id);
  if (number === undefined) return undefined;
  return scope === 'book' ? ((await data.getBook(number)) === undefined ? undefined : number) : (await data.getRun(number))?.bookId;
}
