import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import boundaries from 'eslint-plugin-boundaries';
import local from './eslint-rules/parts-listed-once.mjs';

/** Prisma calls that write: reader code (lib/reader, components/reader, app/(reader), app/(translated)) never makes them (docs/architecture.md, "Rules"). */
const WRITE_CALLS = [
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
  '$executeRaw',
  '$executeRawUnsafe',
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // `_`-prefixed names mark deliberately unused arguments and variables.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The layering of docs/architecture.md: lib/ is the data layer, app/ and components/ are the
    // interface on top of it; reader code (lib/reader, components/reader, app/(reader), app/(translated)) reads
    // published content and never writes.
    files: ['**/*.{ts,tsx,mjs,js}'],
    // Tests may drive the app's routes and publish their own fixtures.
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.check.ts', 'e2e/**', 'test-support/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'reader', pattern: 'lib/reader', partialMatch: false },
        // What writes content, accounts or the editors' records: the film (revisions, publishing)
        // and the editors' own modules, whole (and the files below in modules reader code reads).
        {
          type: 'writer',
          pattern: [
            'lib/films',
            'lib/editor',
            'lib/import',
            'lib/people',
            'lib/reviews',
            'lib/schedule',
            'lib/comments',
            'lib/users',
            'lib/tokens',
          ],
          partialMatch: false,
        },
        // The reader's pages and components: what readers see, rendered from published content.
        { type: 'reader-ui', pattern: ['components/reader', 'app/\\(reader\\)', 'app/\\(translated\\)'], partialMatch: false },
        { type: 'lib', pattern: 'lib', partialMatch: false },
        { type: 'components', pattern: 'components', partialMatch: false },
        { type: 'app', pattern: 'app', partialMatch: false },
      ],
      // The files that write in modules reader code also reads from: the quiz's save (not
      // score-attempt.ts: it records a reader's attempt, the reader's own answers, not content),
      // the media library's changes, the audit log.
      'boundaries/files': [
        {
          category: 'writes',
          pattern: [
            'lib/quiz/{save-quiz,quiz-actions}.ts',
            'lib/media/{upload-image,replace-image,delete-image,set-focal-point,set-person-photo,media-actions,sweep-media,sweep-unused-media}.ts',
            'lib/audit/write-audit.ts',
            'lib/translations/{save-translation,publish-translation}.ts',
          ],
        },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { types: ['lib', 'reader', 'writer'] } },
              disallow: { to: { element: { types: ['app', 'components', 'reader-ui'] } } },
              message: 'lib/ is the data layer: it never imports the interface (app/, components/).',
            },
            // What writes is not reader code's to call: neither lib/reader's nor the reader's pages'.
            {
              from: { element: { types: ['reader', 'reader-ui'] } },
              disallow: [{ to: { element: { type: 'writer' } } }, { to: { file: { categories: 'writes' } } }],
              message: 'Reader code reads published content only: this module writes (docs/architecture.md, "The part registry").',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['{lib/reader,components/reader,app/\\(reader\\)}/**/*.{ts,tsx,mjs}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        // A model's method (`db().film.update(…)`, `tx.theme.createMany(…)`), not any `update` (a hash's).
        ...WRITE_CALLS.map((name) => ({
          selector: name.startsWith('$')
            ? `CallExpression > MemberExpression.callee[property.name='${name}']`
            : `CallExpression > MemberExpression.callee[property.name='${name}'][object.type='MemberExpression']`,
          message: `Reader code reads published content only: ${name}() writes. Writes go through lib/films (or their own domain module).`,
        })),
        ...['$executeRaw', '$executeRawUnsafe'].map((name) => ({
          selector: `TaggedTemplateExpression > MemberExpression.tag[property.name='${name}']`,
          message: `Reader code reads published content only: ${name} writes.`,
        })),
      ],
    },
  },
  {
    // Only the part registry lists the parts (docs/architecture.md, "The part registry"). Tests,
    // e2e and test-support may name them.
    files: ['{app,components,lib,scripts,server}/**/*.{ts,tsx,mjs}', 'proxy.ts'],
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*.spec.ts',
      '**/*.check.ts',
      // The registry and the parts' own entries.
      'lib/page/**',
      // Registries keyed by part id (each test-covered to hold exactly the registry's parts).
      'lib/page-format/sections/**',
      'components/editor/film-form/part-sections.tsx',
      'components/reader/film/part-sections.tsx',
      // …and the bulk catalogue's generators, one per part, typed to hold exactly the registry's parts.
      'scripts/seed-bulk/generate-film.ts',
      // Edits that imitate what editors do to a page (the benchmark's workload): which parts an
      // editor touches, and how, is the workload's own choice, not something to derive.
      'scripts/bench/realistic-edits.ts',
    ],
    plugins: { local },
    rules: { 'local/parts-listed-once': 'error' },
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
