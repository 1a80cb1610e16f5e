import { beforeAll, describe, expect, it } from '@jest/globals';

// Fails on purpose, run only by jestEnvironment.test.ts: errors JSON cannot write must still be reported.

it('throws an error that refers to itself', () => {
  const error = new Error('circular boom') as Error & { self?: unknown };
  error.self = error;
  throw error;
});

it('compares a value that contains itself', () => {
  const value: Record<string, unknown> = { n: 1 };
  value['self'] = value;
  expect(value).toEqual({ n: 2 });
});

describe('a hook that throws such an error', () => {
  beforeAll(() => {
    const error = new Error('hook boom') as Error & { self?: unknown };
    error.self = error;
    throw error;
  });
  it('reports the hook error', () => undefined);
});
