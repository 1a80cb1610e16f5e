import { type Static, Type } from 'typebox';
import { FIRST_YEAR } from '../config/CalendarDay.js';
import { OPENING_LOT_COLUMNS, parseOpeningLots } from '../costbasis/parseOpeningLots.js';
import { InputError } from '../errors/LedgerscanError.js';
import { openingLotLine } from './bookLotsFile.js';
import { type ApiAccess, jobForRun } from './jobForRun.js';
import type { Book, BookOpeningLot } from './WorkspaceData.js';

/**
 * An opening lot as `POST /api/books/:id/opening-lots` takes it, declared once: the cells of an opening lots file's
 * line (`parseOpeningLots`) by name; `wallet` empty (or absent) under the universal scope, `assetContract` empty or
 * `native` for the chain's coin, `cost` empty when unknown.
 */
export const givenOpeningLot = Type.Object(
  {
    wallet: Type.Optional(Type.String({ maxLength: 60 })),
    chain: Type.Integer(),
    asset: Type.String({ maxLength: 60 }),
    assetContract: Type.Optional(Type.String({ maxLength: 60 })),
    lotId: Type.String({ maxLength: 100 }),
    acquiredAt: Type.String({ maxLength: 40 }),
    quantity: Type.String({ maxLength: 100 }),
    cost: Type.Optional(Type.String({ maxLength: 100 })),
    decimals: Type.Integer(),
  },
  { additionalProperties: false },
);
export type GivenOpeningLot = Static<typeof givenOpeningLot>;

/** The body's field for each column of the file, so a refusal names what the form calls it. */
const FIELDS: Record<(typeof OPENING_LOT_COLUMNS)[number], keyof GivenOpeningLot> = {
  wallet: 'wallet',
  chain_id: 'chain',
  asset: 'asset',
  asset_contract: 'assetContract',
  lot_id: 'lotId',
  acquired_at: 'acquiredAt',
  quantity: 'quantity',
  cost: 'cost',
  decimals: 'decimals',
};

/**
 * Checks an opening lot against its book exactly as a run will read it: the book's lots and this one as the run's
 * opening lots file, parsed against the book's resolved cost basis (the scope in force at the start, its wallets,
 * chains and zone). Refused when the book has no cost basis; a refusal names the body's field. Returns the lot as
 * it will be stored (texts trimmed).
 */
export function checkOpeningLot(
  given: GivenOpeningLot,
  book: Book,
  existing: readonly BookOpeningLot[],
  api: ApiAccess,
): Omit<BookOpeningLot, 'id' | 'author' | 'created'> {
  const lot = {
    wallet: (given.wallet ?? '').trim(),
    chainId: given.chain,
    asset: given.asset.trim(),
    assetContract: (given.assetContract ?? '')
      .trim()
      .toLowerCase()
      .replace(/^native$/, ''),
    lotId: given.lotId.trim(),
    acquiredAt: given.acquiredAt.trim(),
    quantity: given.quantity.trim(),
    cost: (given.cost ?? '').trim(),
    decimals: given.decimals,
  };
  const job = jobForRun({
    book: book.data,
    rules: [],
    request: { kind: 'export', period: { year: FIRST_YEAR }, templates: ['ledger'] },
    api,
    state: 'state.db',
    out: '.',
    jobFile: 'job.json',
    now: new Date(),
    write: false,
    filedDir: 'filed',
  });
  if (job.costBasis === undefined)
    throw new InputError('the book computes no cost basis, so an opening lot would not be read', {
      details: { field: 'lotId', fix: 'turn on cost basis in the book first' },
    });
  const text = [OPENING_LOT_COLUMNS.join(','), ...existing.map(openingLotLine), openingLotLine(lot)].join('\n');
  try {
    parseOpeningLots(text, "the book's opening lots", {
      scope: job.costBasis.scope,
      wallets: job.wallets.map((wallet) => wallet.address),
      chains: job.chains,
      timezone: job.timezone,
    });
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const column = /line \d+ (\w+)/.exec(error.shortMessage)?.[1] as keyof typeof FIELDS | undefined;
    const problem = error.shortMessage.replace(/^.* bad lines?: line \d+ /, '');
    throw new InputError(`opening lot: ${problem}`, { details: { field: (column && FIELDS[column]) ?? 'lotId' } });
  }
  return lot;
}
