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
