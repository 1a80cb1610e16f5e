/**
 * The field the first problem of a `book has 2 problems: chains[0] … ; wallets[0].address …` message names, as its
 * top-level key (`chains`), when it is one of `fields`: where a form shows the message.
 */
export function problemField(message: string, fields: readonly string[]): string | undefined {
  const first = /^[^:]* has \d+ problems?: ([A-Za-z]+)/.exec(message)?.[1];
  return first !== undefined && fields.includes(first) ? first : undefined;
}
