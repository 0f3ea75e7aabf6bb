import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { frameworkFloor, isReaderRoute, readPageJs } from '../scripts/lib/page-js.mjs';

/**
 * The reader pages' JavaScript, in bytes, from the production build's manifests (the build the
 * e2e web server made): gzipped as the server sends it, per route, what a reader's browser loads
 * (scripts/lib/page-js.mjs). No timing: bytes only. docs/benchmarks.md ("JavaScript on reader
 * pages") has the numbers and why the budget is above 100 kB: Next 16 and React 19 alone, a page
 * with no client component of the app, are the floor (~132 kB).
 *
 * Two budgets per route: the whole (fails when the framework or our islands grow), and what our
 * own client islands add over the floor (fails when a reader page takes in code it should not,
 * whatever the framework weighs).
 */
// The build the server runs (playwright.config.ts).
const DIST_DIR = process.env.E2E_DIST_DIR!;

const KB = 1024;
/** What the framework floor (its first scripts) weighed when these budgets were set (Next 16.4.6, React 19.3.1): 132,100 B. */
const TOTAL_BUDGET = 141 * KB;
/** The quiz page: the floor and the quiz's island (plain state and fetch: 3.8 kB). */
const QUIZ_TOTAL_BUDGET = 144 * KB;

/**
 * Over the floor (measured 9.1 kB on every reader page, 9.9 kB on a film page, 14.1 kB on the quiz):
 * the root layout's entry and the error boundaries (our own error pages, app/error.tsx,
 * app/(reader)/error.tsx, app/global-error.tsx: ~4.8 kB), the search suggestions (3.9 kB), the film
 * page's reading position (0.9 kB), the quiz (3.8 kB).
 */
const ISLAND_BUDGETS: Array<[RegExp, number]> = [
  // The quiz, in the site's language and in a translation's: its words come as props, not code.
  [/^\/\((?:reader|translated)\)\/(?:\[locale\]\/)?films\/\[slug\]\/quiz\/page$/, 14.75 * KB],
  [/^\/\(reader\)\/films\//, 10.5 * KB],
  [/^\/\(reader\)\//, 9.75 * KB],
  // A translation's pages (app/(translated)/[locale]): the same islands as the site's own.
  [/^\/\(translated\)\/\[locale\]\/films\//, 10.5 * KB],
  [/^\/\(translated\)\//, 9.75 * KB],
];

/** Client components a reader page must not load: the editor's, next/image's (reader images are server-rendered `<img>`s). */
const NOT_ON_READER_PAGES = [/\[project\]\/components\/editor\//, /\/node_modules\/next\/dist\/client\/image-component/];

/** Libraries a reader page must not load, by strings minifying keeps (class names in error messages). */
const LIBRARIES_NOT_ON_READER_PAGES: Array<[string, RegExp]> = [
  ['zod', /"ZodError"|\$ZodObject/],
  ['@tanstack/react-query', /CancelledError|QueryClient/],
];

test('reader pages: compressed JavaScript per route within its budget, islands small, no editor code', () => {
  const build = readPageJs(DIST_DIR);
  const floor = frameworkFloor(build);
  const readers = build.routes.filter((route) => isReaderRoute(route.route));
  // Every page of the reader site is here (a route group renamed would empty this).
  expect(readers.map((route) => route.route)).toEqual(
    expect.arrayContaining([
      '/(reader)/page',
      '/(reader)/films/[slug]/level/[level]/page',
      '/(translated)/[locale]/films/[slug]/level/[level]/page',
      '/(translated)/[locale]/search/page',
      '/(reader)/films/[slug]/quiz/page',
      '/(translated)/[locale]/films/[slug]/quiz/page',
      '/(reader)/search/page',
    ]),
  );
  test.info().annotations.push({ type: 'framework floor (gzip bytes)', description: String(floor.gzipBytes) });
  for (const route of readers) {
    test.info().annotations.push({
      type: route.route,
      description: `${route.gzipBytes} B gzip, ${route.gzipBytes - floor.gzipBytes} B over the floor`,
    });
    const quiz = route.route.endsWith('/quiz/page');
    expect(route.gzipBytes, `${route.route}: compressed JavaScript`).toBeLessThanOrEqual(quiz ? QUIZ_TOTAL_BUDGET : TOTAL_BUDGET);
    const island = ISLAND_BUDGETS.find(([pattern]) => pattern.test(route.route))![1];
    expect(route.gzipBytes - floor.gzipBytes, `${route.route}: JavaScript of its own client components`).toBeLessThanOrEqual(island);
    const forbidden = route.clientModules.filter((module) => NOT_ON_READER_PAGES.some((pattern) => pattern.test(module)));
    expect(forbidden, `${route.route}: modules no reader page should load`).toEqual([]);
    const code = route.files.map((file) => fs.readFileSync(path.join(DIST_DIR, file), 'utf8')).join('\n');
    const libraries = LIBRARIES_NOT_ON_READER_PAGES.filter(([, signature]) => signature.test(code)).map(([name]) => name);
    expect(libraries, `${route.route}: libraries no reader page should load`).toEqual([]);
  }
});
