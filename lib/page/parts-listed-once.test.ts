import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_PARTS } from './parts';

/**
 * Only the part registry lists the page's parts. A source file that names the content keys of
 * three or more parts (`.events`, `themes:`, `'trivia'`…) is walking the page by hand, and will
 * not learn of a new part; it should derive from the registry (lib/page/parts.ts) instead. The
 * registry, the parts' own files and the registries keyed by part id may name them; so may tests.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Names that tell nothing about walking the page: the film's own fields (title, slug, year), which
 * every list and link shows, and `kind`, which many things have (a search document's, a value's).
 */
const TOO_COMMON = new Set([...PAGE_PARTS[0].keys, 'kind']);

const ALLOWED = [
  // The registry and the parts' own entries.
  /^lib\/page\//u,
  // Registries keyed by part id (each test-covered to hold exactly the registry's parts).
  /^lib\/page-format\/sections\//u,
  /^components\/editor\/film-form\/part-sections\.tsx$/u,
  /^components\/reader\/film\/part-sections\.tsx$/u,
  // Workloads that imitate what editors do to each part (benchmarks) and realistic pages for the bulk catalogue.
  /^scripts\/bench\/realistic-edits\.ts$/u,
  /^scripts\/seed-bulk\/generate-film\.ts$/u,
];

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'generated' && !entry.name.startsWith('.')) sourceFiles(file, found);
    } else if (/\.(ts|tsx|mjs)$/u.test(entry.name) && !/\.(test|spec|check)\.tsx?$/u.test(entry.name)) found.push(file);
  }
  return found;
}

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//gu, '').replace(/^\s*\/\/.*$/gmu, '');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

const KEYS = PAGE_PARTS.flatMap((part) =>
  part.keys
    .filter((key) => !TOO_COMMON.has(key))
    .map((key) => ({
      key,
      part: part.id,
      use: new RegExp(`(\\.${escape(key)}\\b|\\b${escape(key)}\\??\\s*:\\s|['"\`]${escape(key)}['"\`./])`, 'u'),
    })),
);

/** The parts whose keys a source names. */
export function partsNamedIn(source: string): string[] {
  const code = withoutComments(source);
  return [...new Set(KEYS.filter(({ use }) => use.test(code)).map(({ part }) => part))];
}

describe('the part registry', () => {
  it('tells a file that walks the parts from one that uses one or two', () => {
    expect(partsNamedIn('const n = film.events.length + film.themes.length;')).toEqual(['timeline', 'themes']);
    expect(partsNamedIn('for (const list of [c.events, c.characters, c.trivia]) count(list);')).toEqual([
      'timeline',
      'characters',
      'trivia',
    ]);
    expect(partsNamedIn('// events, characters and themes are mentioned only in a comment')).toEqual([]);
  });

  it('is the only place that lists the parts', () => {
    const listing = ['app', 'components', 'lib', 'scripts', 'server']
      .flatMap((dir) => sourceFiles(dir))
      .concat(['proxy.ts'])
      .filter((file) => !ALLOWED.some((allowed) => allowed.test(file)))
      .map((file) => ({ file, parts: partsNamedIn(fs.readFileSync(path.join(ROOT, file), 'utf8')) }))
      .filter(({ parts }) => parts.length >= 3);
    expect(listing).toEqual([]);
  });
});
