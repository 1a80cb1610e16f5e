/**
 * An absolute path (POSIX or Windows) not inside a URL: a slash after a letter, a colon, a dot or another
 * slash is a URL's or a relative path's, and stays.
 */
const ABSOLUTE_PATH = /(?<![\w:/.\\])(?:[A-Za-z]:\\|\/)(?:[^\s'"`()<>,;\\/]+[\\/])+/g;

/** A message for a page or the API with every absolute path cut to its file name: what failed, not where the server keeps its data. */
export function withoutServerPaths(text: string): string {
  return text.replace(ABSOLUTE_PATH, '');
}
