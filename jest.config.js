/** Jest runs the TypeScript sources as ESM (ky and p-limit are ESM-only). */
export default {
  // The node environment, plus bigint-safe result messages from the worker processes (see the file).
  testEnvironment: '<rootDir>/test/support/jestEnvironment.js',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 120000,
  // Suites spend much of their time in the sandbox and SQLite; two workers keep both cores busy.
  maxWorkers: 2,
};
