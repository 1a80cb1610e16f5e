import { InputError } from '../../errors/LedgerscanError.js';
import { cleanText } from '../cleanText.js';
import type { EntryNote, EntryReview, ReviewStatus } from './BookEntries.js';
import type { SqlBookEntries } from './SqlBookEntries.js';

/** Who changes an entry's note or review, and when. */
export interface EntryChange {
  bookId: number;
  entryId: string;
  author: string;
  at: string;
}

export const NOTE_MAX = 2000;

/**
 * The one place a note is added or a review status set (the routes and pages come here): the change and its
 * before/after are known together, so the audit log is written here too.
 */
export async function addEntryNote(entries: SqlBookEntries, change: EntryChange, text: string): Promise<EntryNote | undefined> {
  const trimmed = noteText(text);
  if (!(await entries.hasEntry(change.bookId, change.entryId))) return undefined;
  return entries.reviews.addNote(change.bookId, change.entryId, change.author, trimmed, change.at);
}

function noteText(text: string): string {
  const trimmed = cleanText(text, 'text') as string;
  if (trimmed === '' || trimmed.length > NOTE_MAX)
    throw new InputError(`text must be a note of 1 to ${NOTE_MAX} characters`, { details: { field: 'text' } });
  return trimmed;
}

/** A note of the entry as it is, for the route to check who may change it; undefined when the entry has no such note. */
export async function entryNote(entries: SqlBookEntries, change: EntryChange, noteId: number): Promise<EntryNote | undefined> {
  return entries.reviews.note(change.bookId, change.entryId, noteId);
}

/** The note's new text (`before` keeps the old one, for the audit log alone: the entry keeps only the new). */
export async function editEntryNote(
  entries: SqlBookEntries,
  change: EntryChange,
  before: EntryNote,
  text: string,
): Promise<{ before: EntryNote; after: EntryNote }> {
  const trimmed = noteText(text);
  await entries.reviews.editNote(change.bookId, change.entryId, before.id, trimmed);
  return { before, after: { ...before, text: trimmed } };
}

/** See `addEntryNote`: `before` is what the audit log records as the previous state. */
export async function setEntryReview(
  entries: SqlBookEntries,
  change: EntryChange,
  status: ReviewStatus,
): Promise<{ before: EntryReview; after: EntryReview } | undefined> {
  if (!(await entries.hasEntry(change.bookId, change.entryId))) return undefined;
  const before = await entries.reviews.review(change.bookId, change.entryId);
  const after = await entries.reviews.setReview(change.bookId, change.entryId, status, change.author, change.at);
  return { before, after };
}
