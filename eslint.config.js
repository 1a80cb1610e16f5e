import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'out/', 'coverage/', '.ledgerscan/', 'bench.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The workspace's page script runs in the browser, as a plain script (no build step).
  { files: ['web/**/*.js'], languageOptions: { sourceType: 'script', globals: globals.browser } },
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: 'error',
    },
  },
  // One concept per file: a source file longer than this is split by concept, never packed (Prettier formats it first).
  { files: ['src/**/*.ts'], rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] } },
);
