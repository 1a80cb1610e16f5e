import type { Workspace } from '../../workspace/Workspace.js';
import type { Book, Run } from '../../workspace/WorkspaceData.js';
import { notFound } from '../HttpError.js';

/** The book of a route's `:id` (its schema has made it a decimal integer), else 404. */
export async function bookById(workspace: Workspace, id: string): Promise<Book> {
  const book = await workspace.data.getBook(Number(id));
  if (book === undefined) throw notFound('book');
  return book;
}

/** The run of a route's `:id`, else 404. */
export async function runById(workspace: Workspace, id: string): Promise<Run> {
  const run = await workspace.data.getRun(Number(id));
  if (run === undefined) throw notFound('run');
  return run;
}
