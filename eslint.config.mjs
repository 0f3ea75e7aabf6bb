import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // `_`-prefixed names mark deliberately unused arguments and variables.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  globalIgnores([
    // eslint-config-next's defaults (a globalIgnores here replaces them):
    '.next/**',
    '.next-*/**',
    'out/**',
    'build/**',
    'next-env.d.ts',
    // Generated, installed or scratch files:
    'lib/generated/**',
    'node_modules/**',
    '.data/**',
    'tmp/**',
    'test-results/**',
    'playwright-report/**',
    'blob-report/**',
    'coverage/**',
  ]),
]);
