import { seesOnlyAssignedBooks } from '../workspace/Accounts.js';
import type { Book, User, WorkspaceData } from '../workspace/WorkspaceData.js';

/**
 * A list of books as its caller may see it (the routes declared `book: 'filtered'`): every book for admins and
 * viewers, only the assigned ones for staff and clients.
 */
export async function visibleBooks<T extends { book: Book }>(data: WorkspaceData, user: User, list: readonly T[]): Promise<T[]> {
  if (!seesOnlyAssignedBooks(user)) return [...list];
  const assigned = new Set(await data.booksOfUser(user.id));
  return list.filter(({ book }) => assigned.has(book.id));
}
