import { Type } from 'typebox';
import { givenPrice } from '../../workspace/checkBookPrice.js';
import { givenSeries } from '../../workspace/checkPriceSeries.js';
import { bookChildParams } from './common.js';

export const priceParams = bookChildParams('priceId');

/**
 * A series first (`checkPriceSeries`: its schema lets other fields be, so ajv strips nothing from a single price
 * tried against it), else one manual price: the workspace's own declarations, which it takes typed.
 */
export const priceBody = Type.Union([givenSeries, givenPrice]);

export const priceJson = Type.Object(
  {
    id: Type.Integer(),
    time: Type.String(),
    chainId: Type.Integer(),
    asset: Type.String(),
    currency: Type.String(),
    price: Type.String(),
    author: Type.String(),
    created: Type.String(),
  },
  { additionalProperties: false },
);

export const priceListResponse = Type.Array(priceJson);

/** An added price and what it warns of (a price far from the sources' at its instant), as an added rule's `warnings`. */
export const priceAddedResponse = Type.Object(
  { ...priceJson.properties, warnings: Type.Array(Type.String()) },
  { additionalProperties: false },
);

/** A series saved: how many prices and what they warn of, one warning per price far from the sources'. */
export const priceSeriesResponse = Type.Object(
  { rows: Type.Integer(), warnings: Type.Array(Type.String()) },
  { additionalProperties: false },
);
