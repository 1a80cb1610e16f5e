import { type ApiAccess, priceKeyEnv } from './jobForRun.js';
import { FIRST_YEAR } from '../config/CalendarDay.js';
import { loadJob } from '../config/loadJob.js';
import { parseChainId } from '../config/parseChainId.js';
import { Problems } from '../config/Problems.js';
import { InputError } from '../errors/LedgerscanError.js';
import { builtinTemplateNames } from '../templates/templateCatalog.js';
import type { BookData } from './BookData.js';
import { cleanText } from './cleanText.js';
import { problemField } from './problemField.js';
import { trimmedText } from './trimmedText.js';

const BOOK_KEYS = ['name', 'wallets', 'chains', 'timezone', 'labels', 'spam', 'valuation', 'costBasis', 'accounts'] as const;

/**
 * A book as the API receives it (an object, as the route's schema has seen to), its texts trimmed and control or bidi characters refused, checked by the CLI's
 * own job validation worded for the pages (every problem at once, each naming its field; the first one's field
 * in `field`), plus the name and the keys a book may hold. Chains given by slug or name are kept as their ids.
 */
export function validateBook(given: Readonly<Record<string, unknown>>, api: Pick<ApiAccess, 'apiKey' | 'coingeckoKey'>): BookData {
  // Both walk the object and keep its shape, trimming and checking its texts: an object stays one.
  const input = cleanText(trimmedText(given), '') as Record<string, unknown>;
  // A change's `costBasis: null` turns cost basis off (`accounts: null`, the journals' own names back): a PATCH keeps
  // every field it does not give.
  if (input.costBasis === null) delete input.costBasis;
  if (input.accounts === null) delete input.accounts;
  const problems = new Problems('web');
  problems.hide(api.apiKey);
  if (api.coingeckoKey !== undefined && api.coingeckoKey !== '') problems.hide(api.coingeckoKey);
  for (const key of Object.keys(input)) {
    if (!(BOOK_KEYS as readonly string[]).includes(key))
      problems.add(`${key} is not a book field (use ${BOOK_KEYS.join(', ')}; period and templates belong to a run)`);
  }
  const { name } = input;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 200)
    problems.add('name must be a non-empty text of at most 200 characters');
  const job = {
    ...Object.fromEntries(BOOK_KEYS.filter((key) => key !== 'name' && input[key] !== undefined).map((key) => [key, input[key]])),
    period: { year: FIRST_YEAR },
  };
  let chains: readonly number[];
  try {
    ({ chains } = loadJob({
      flags: { apiKey: api.apiKey },
      env: priceKeyEnv(api),
      knownTemplates: builtinTemplateNames(),
      cwd: '.',
      templatesRequired: false,
      file: { path: 'book', dir: '.', data: job },
      surface: 'web',
    }));
  } catch (error) {
    const found = error instanceof InputError ? /^job has (\d+) problems?: (.*)$/s.exec(error.shortMessage) : null;
    if (found === null) throw error;
    // The job's problems are already redacted and joined; they count one by one in the book's total.
    const count = problems.count + Number(found[1]);
    problems.add(found[2] ?? '');
    const message = problems
      .message('book')
      .replace(/^book has \d+ problems?/, `book has ${count} ${count === 1 ? 'problem' : 'problems'}`);
    throw new InputError(message, { details: { field: problemField(message, BOOK_KEYS) ?? 'book' } });
  }
  problems.throwIfAny('book', { field: problemField(problems.message('book'), BOOK_KEYS) ?? 'book' });
  const book = input as unknown as BookData;
  return {
    ...book,
    chains: [...chains],
    wallets: book.wallets.map((wallet) =>
      wallet.chains === undefined ? wallet : { ...wallet, chains: wallet.chains.map((chain) => parseChainId(chain, 'chain')) },
    ),
  };
}
