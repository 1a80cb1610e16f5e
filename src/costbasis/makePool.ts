import { AveragePool } from './AveragePool.js';
import { OrderedPool } from './OrderedPool.js';
import type { PoolFactory } from './Pool.js';

/** The pool of a method: lots in an order (`fifo`, `lifo`, `hifo`), one running average, or HMRC's matching. */
export const makePool: PoolFactory = (method, answer) => {
  switch (method) {
    case 'fifo':
    case 'lifo':
    case 'hifo':
      return new OrderedPool(method, answer);
    case 'average':
      return new AveragePool(answer);
    case 'uk':
      throw new RangeError('the uk pool is not built yet');
  }
};
