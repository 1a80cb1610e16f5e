import { bookChildParams } from './common.js';

export const priceParams = bookChildParams('priceId');

export interface PriceParams {
  id: string;
  priceId: string;
}

/** A manual price: its instant, chain, asset and price (a plain decimal as text, so no digit is lost); the currency is the book's; `warnFactor` how far from the sources' price it may be before the answer warns. */
export const priceBody = {
  type: 'object',
  required: ['time', 'chain', 'asset', 'price'],
  properties: {
    time: { type: 'string' },
    chain: { type: 'integer' },
    asset: { type: 'string' },
    price: { type: 'string' },
    currency: { type: 'string' },
    warnFactor: { type: 'number' },
  },
  additionalProperties: false,
} as const;

export const priceJson = {
  type: 'object',
  required: ['id', 'time', 'chainId', 'asset', 'currency', 'price', 'author', 'created'],
  properties: {
    id: { type: 'integer' },
    time: { type: 'string' },
    chainId: { type: 'integer' },
    asset: { type: 'string' },
    currency: { type: 'string' },
    price: { type: 'string' },
    author: { type: 'string' },
    created: { type: 'string' },
  },
  additionalProperties: false,
} as const;

export const priceListResponse = { type: 'array', items: priceJson } as const;

/** An added price and what it warns of (a price far from the sources' at its instant), as an added rule's `warnings`. */
export const priceAddedResponse = {
  ...priceJson,
  required: [...priceJson.required, 'warnings'],
  properties: { ...priceJson.properties, warnings: { type: 'array', items: { type: 'string' } } },
} as const;
