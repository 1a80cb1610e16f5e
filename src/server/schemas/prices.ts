import { Type } from 'typebox';
import { bookChildParams } from './common.js';

export const priceParams = bookChildParams('priceId');

/** A manual price: the workspace's own declaration, which `checkBookPrice` takes typed. */
export { givenPrice as priceBody } from '../../workspace/checkBookPrice.js';

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
