import { expect, it } from '@jest/globals';

// Fails on purpose, run only by jestEnvironment.test.ts: a failed assertion on bigints must still be reported.

it('compares bigints that differ', () => {
  expect([1n]).toEqual([2n]);
});

it('still sees JSON.stringify throw on a bigint, as production code does', () => {
  expect(() => JSON.stringify(1n)).toThrow(TypeError);
});
