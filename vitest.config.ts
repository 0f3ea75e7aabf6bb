import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Two projects in one run (`npm run test:unit`, or the Vitest suite of `npm test`):
 *
 * - unit: `**\/*.test.ts` except `*.int.test.ts`; no database; files run in parallel.
 * - components: `**\/*.test.tsx`, React components and hooks rendered with Testing Library in
 *   happy-dom (a DOM without a browser); the server (actions, APIs) is what they stand in for.
 * - integration: `**\/*.int.test.ts`; they share ONE fresh database, created and migrated by the
 *   project's globalSetup (scripts/test/vitest-database.ts: on DATABASE_URL's server when set, else
 *   on a throwaway embedded PostgreSQL) and dropped after the run, so their files run one at a time
 *   in forked processes. Each file cleans up after itself or uses its own rows (unique
 *   slugs/emails). A test that needs databases of its own creates and drops them through
 *   TEST_DATABASE_ADMIN_URL (same server; use it for CREATE/DROP DATABASE only).
 * - seed-page: `**\/*.check.ts`, only when SEED_PAGE names the product brief's seed page, which is
 *   outside the repository; `.ci/run` runs it as its own step (`--project seed-page`).
 */
const root = import.meta.dirname;

const shared = {
  resolve: {
    alias: {
      '@': root,
      // `import 'server-only'` throws outside a React Server Components bundle; under test the
      // data modules are plain Node modules, so give it the package's own empty module.
      'server-only': path.join(root, 'node_modules/server-only/empty.js'),
    },
  },
};

const exclude = ['**/node_modules/**', 'e2e/**', '.next/**', '.next-*/**', '.data/**', 'lib/generated/**', 'tmp/**'];

export default defineConfig({
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: 'unit',
          environment: 'node',
          // Property-based tests do real work; leave room for a busy 2-core machine.
          testTimeout: 60_000,
          include: ['**/*.test.ts'],
          exclude: [...exclude, '**/*.int.test.ts'],
        },
      },
      {
        ...shared,
        test: {
          name: 'components',
          environment: 'happy-dom',
          testTimeout: 30_000,
          include: ['**/*.test.tsx'],
          exclude,
        },
      },
      {
        ...shared,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['**/*.int.test.ts'],
          exclude,
          globalSetup: ['scripts/test/vitest-database.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      ...(process.env.SEED_PAGE
        ? [{ ...shared, test: { name: 'seed-page', environment: 'node', include: ['**/*.check.ts'], exclude } }]
        : []),
    ],
  },
});
