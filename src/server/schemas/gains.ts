import { type Static, Type } from 'typebox';
import { givenOpeningLot } from '../../workspace/checkOpeningLot.js';
import { bookChildParams, idText, nullable } from './common.js';

/** A blank field (a page's empty filter) means "any". */
const blankOr = (pattern: string) => Type.Optional(Type.String({ pattern: `^$|${pattern}` }));

/** The gains page's filters: the transactions table's (`entryFilter`), the term, the page, and a run of the book (else its newest with gains). */
export const gainsQuery = Type.Object(
  {
    from: blankOr('^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    to: blankOr('^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    wallet: blankOr('^0x[0-9a-fA-F]{40}$'),
    chain: Type.Optional(Type.String({ maxLength: 60 })),
    asset: Type.Optional(Type.String({ maxLength: 120 })),
    term: Type.Optional(Type.Enum(['', 'short', 'long', 'unknown'], { type: 'string' })),
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    run: blankOr('^[1-9][0-9]{0,15}$'),
  },
  { additionalProperties: false },
);
export type GainsQuery = Static<typeof gainsQuery>;

/** A disposal's trail: the book's id and the disposed leg's entry id. */
export const gainParams = Type.Object(
  { id: idText(), entryId: Type.String({ pattern: '^x[0-9a-f]{16}$' }) },
  { additionalProperties: false },
);

/** The trail's query: a run of the book, else its newest with gains. */
export const trailQuery = Type.Object({ run: blankOr('^[1-9][0-9]{0,15}$') }, { additionalProperties: false });

const sums = {
  proceeds: Type.String(),
  sellingCosts: Type.String(),
  costBasis: Type.String(),
  gain: Type.String(),
  unknown: Type.Integer(),
};

const runOf = Type.Object(
  { id: Type.Integer(), period: Type.Object({ from: Type.String(), to: Type.String() }), method: Type.String(), scope: Type.String() },
  { additionalProperties: false },
);

export const gainsResponse = Type.Object(
  {
    run: runOf,
    currency: Type.String(),
    totals: Type.Array(
      Type.Object(
        { chainId: Type.Integer(), asset: Type.String(), assetContract: Type.String(), term: Type.String(), rows: Type.Integer(), ...sums },
        { additionalProperties: false },
      ),
    ),
    all: Type.Object({ rows: Type.Integer(), ...sums }, { additionalProperties: false }),
    disposals: Type.Array(
      Type.Object(
        {
          entryId: Type.String(),
          txHash: Type.String(),
          chainId: Type.Integer(),
          wallet: Type.String(),
          asset: Type.String(),
          assetContract: Type.String(),
          soldAt: Type.Integer(),
          kind: Type.String(),
          quantity: Type.String(),
          term: Type.String(),
          flags: Type.Array(Type.String()),
          ...sums,
        },
        { additionalProperties: false },
      ),
    ),
    total: Type.Integer(),
    page: Type.Integer(),
    pages: Type.Integer(),
    issues: Type.Array(
      Type.Object(
        { entryId: Type.String(), issue: Type.String(), quantity: Type.String(), detail: Type.String() },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

const money = nullable(Type.String());

/** A disposal's lot trail: each piece with the lot it took (its acquiring entry) and the arithmetic, as `gains --explain`. */
export const trailResponse = Type.Object(
  {
    run: runOf,
    currency: Type.String(),
    entryId: Type.String(),
    quantity: Type.String(),
    proceeds: money,
    sellingCosts: money,
    costBasis: money,
    gain: money,
    pieces: Type.Array(
      Type.Object(
        {
          lotId: nullable(Type.String()),
          source: Type.String(),
          taken: Type.String(),
          acquiredAt: nullable(Type.Integer()),
          proceeds: money,
          sellingCosts: money,
          costBasis: money,
          gain: money,
          term: nullable(Type.String()),
          flags: Type.Array(Type.String()),
          lot: nullable(
            Type.Object(
              {
                entryId: Type.String(),
                txHash: Type.String(),
                timestamp: Type.Integer(),
                category: Type.String(),
                quantity: Type.String(),
                value: money,
                cost: money,
                carriedFees: Type.Boolean(),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const openingLotParams = bookChildParams('lotId');

export const openingLotBody = givenOpeningLot;

export const openingLotJson = Type.Object(
  {
    id: Type.Integer(),
    wallet: Type.String(),
    chainId: Type.Integer(),
    asset: Type.String(),
    assetContract: Type.String(),
    lotId: Type.String(),
    acquiredAt: Type.String(),
    quantity: Type.String(),
    cost: Type.String(),
    decimals: Type.Integer(),
    author: Type.String(),
    created: Type.String(),
  },
  { additionalProperties: false },
);

export const openingLotListResponse = Type.Array(openingLotJson);
