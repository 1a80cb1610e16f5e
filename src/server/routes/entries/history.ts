import { entryTarget } from '../../../workspace/AuditLog.js';
import { editEntryNote, entryNote } from '../../../workspace/entries/entryChanges.js';
import { entryHistory } from '../../../workspace/entries/entryHistory.js';
import { readsEntryHistory } from '../../../workspace/Accounts.js';
import type { User } from '../../../workspace/WorkspaceData.js';
import { authOf } from '../../auth.js';
import { HttpError, notFound } from '../../HttpError.js';
import { noQuery, okResponse, responses } from '../../schemas/common.js';
import { entryParams, historyResponse, noteBody, noteParams, noteResponse } from '../../schemas/entries.js';
import { bookById } from '../lookups.js';
import type { RouteApp } from '../RouteApp.js';

/** Only the note's author or an admin changes a note: staff may not rewrite each other's words. */
function mayChange(user: User, author: string): void {
  if (user.role !== 'admin' && user.name !== author)
    throw new HttpError(403, `only ${author}, who wrote this note, or an admin may change it`);
}

/**
 * An entry's history (`GET /api/books/:id/entries/:entryId/history`: every change with who and when, newest first)
 * and its notes' edit and removal (their author or an admin; the old text kept in the audit log alone). Viewers read
 * and download (docs: the workspace's roles): the history, a line per change without the old texts, is theirs to read
 * as it is the admins' and the book's staff's. A client does not read it: it names the firm's people and their work,
 * drawn from the audit log only admins open whole.
 */
export async function entryHistoryRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;
  const { entries } = workspace;

  app.get(
    '/api/books/:id/entries/:entryId/history',
    { config: { access: 'user' }, schema: { querystring: noQuery, params: entryParams, response: responses({ 200: historyResponse }) } },
    async (request) => {
      const book = await bookById(workspace, request.params.id);
      if (!readsEntryHistory(authOf(request).user))
        throw new HttpError(403, "an entry's history is read by admins, viewers and the book's staff (a client login reads the entries)");
      const [entry] = await entries.entriesByIds(book.id, [request.params.entryId]);
      if (entry === undefined) throw notFound('entry');
      const prices = await workspace.data.bookPrices(book.id);
      return { history: await entryHistory(workspace.data.audit, entries.reviewActions, book, entry, prices) };
    },
  );

  /** The note the path names, on this book's entry; its change's who and when. */
  const named = async (params: { id: string; entryId: string; noteId: string }, user: User) => {
    const change = {
      bookId: (await bookById(workspace, params.id)).id,
      entryId: params.entryId,
      author: user.name,
      at: workspace.now().toISOString(),
    };
    const note = await entryNote(entries, change, Number(params.noteId));
    if (note === undefined) throw notFound('note');
    mayChange(user, note.author);
    return { change, note };
  };

  app.put(
    '/api/books/:id/entries/:entryId/notes/:noteId',
    {
      config: { access: 'staff' },
      schema: { querystring: noQuery, params: noteParams, body: noteBody, response: responses({ 200: noteResponse }) },
    },
    async (request) => {
      const { change, note } = await named(request.params, authOf(request).user);
      const edited = await editEntryNote(entries, change, note, request.body.text);
      await request.audit('note.edited', { book: change.bookId, target: entryTarget(change.entryId), ...edited });
      return edited.after;
    },
  );

  app.delete(
    '/api/books/:id/entries/:entryId/notes/:noteId',
    { config: { access: 'staff' }, schema: { querystring: noQuery, params: noteParams, response: responses({ 200: okResponse }) } },
    async (request) => {
      const { change, note } = await named(request.params, authOf(request).user);
      await entries.reviews.deleteNote(change.bookId, change.entryId, note.id);
      await request.audit('note.deleted', { book: change.bookId, target: entryTarget(change.entryId), before: note });
      return { ok: true };
    },
  );
}
