import fs from 'node:fs';
import path from 'node:path';

/**
 * The app's entry points, found from the code rather than listed, so a new one cannot be left out
 * of the tests that go over all of them (the authorization matrix, the fuzz test): route handlers
 * (`app/**\/route.ts`) and server actions (every module whose first statement is the use-server directive).
 * Paths are relative to the repository root.
 */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

function walk(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'generated' && !entry.name.startsWith('.')) walk(full, found);
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(path.relative(REPO_ROOT, full));
  }
  return found;
}

/** Every TypeScript source file of the app (not tests, not generated code). */
export const sourceFiles = (): string[] => ['app', 'lib', 'components'].flatMap((dir) => walk(path.join(REPO_ROOT, dir)));

/** Every route handler module, sorted. */
export const routeFiles = (): string[] =>
  sourceFiles()
    .filter((file) => /(^|\/)route\.ts$/.test(file))
    .sort();

/** Every use-server module (each export is a server action), sorted. */
export const actionFiles = (): string[] =>
  sourceFiles()
    .filter((file) => /^\s*(\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*(['"])use server\2/.test(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8')))
    .sort();

/** Every page module (`app/**\/page.tsx`), sorted. */
export const pageFiles = (): string[] =>
  sourceFiles()
    .filter((file) => file.startsWith('app/') && /(^|\/)page\.tsx?$/.test(file))
    .sort();

/**
 * The metadata routes Next makes from special files, as the address each one answers at:
 * `robots.ts` → `/robots.txt`, a `sitemap.ts` (with generateSitemaps) → `…/sitemap/[__id].xml`,
 * `icon.*` → `/icon.*`.
 */
export function metadataRoutePatterns(): string[] {
  const patterns: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) visit(file);
      else if (entry.name === 'robots.ts') patterns.push(`${routePattern(file)}robots.txt`.replace('//', '/'));
      else if (entry.name === 'sitemap.ts') patterns.push(`${routePattern(file)}/sitemap/[__id].xml`.replace('//', '/'));
      else if (/^icon\.(svg|png|ico)$/.test(entry.name)) patterns.push(`${routePattern(file)}/${entry.name}`.replace('//', '/'));
    }
  };
  visit('app');
  return patterns.sort();
}

/**
 * The address pattern of an app file: its folders below `app/`, route groups (`(reader)`) left out,
 * dynamic segments kept as written (`[slug]`, `[...nextauth]`, `[[...q]]`).
 */
export function routePattern(file: string): string {
  const segments = path
    .dirname(file)
    .split('/')
    .slice(1)
    .filter((segment) => !/^\(.*\)$/.test(segment));
  return `/${segments.join('/')}`;
}

/**
 * Every address of the app's pages and routes (page.tsx, route.ts and the metadata routes), each
 * dynamic segment filled with every value `values` gives it: `values['films/slug']` (the segment
 * named after the one before it) when there is one, else `values.slug`. A catch-all's value may
 * hold slashes; an optional catch-all's value `''` leaves the segment out. A dynamic segment with
 * no value throws, naming it: a new route cannot be left out silently. With `pagesUnder` (a folder
 * such as `app/(reader)`), only the pages (page.tsx) in that folder, no route handlers or metadata routes.
 */
export function appAddresses(values: Record<string, string[]>, { pagesUnder }: { pagesUnder?: string } = {}): string[] {
  const patterns = pagesUnder
    ? pageFiles()
        .filter((file) => file.startsWith(`${pagesUnder}/`))
        .map(routePattern)
    : [...pageFiles(), ...routeFiles()].map(routePattern).concat(metadataRoutePatterns());
  const addresses = new Set<string>();
  for (const pattern of new Set(patterns)) {
    let filled = [''];
    const segments = pattern.split('/').slice(1);
    segments.forEach((segment, index) => {
      // `[__id].xml`: a dynamic part inside a segment (the metadata routes).
      const dynamic = /^([^[]*)\[\[?(?:\.\.\.)?([^\]]+)\]\]?(.*)$/.exec(segment);
      if (!dynamic) {
        filled = filled.map((address) => (segment ? `${address}/${segment}` : address));
        return;
      }
      const [, before, name, after] = dynamic;
      const options = values[`${segments[index - 1]}/${name}`] ?? values[name];
      if (!options) throw new Error(`no sample value for the segment [${name}] of ${pattern}`);
      filled = filled.flatMap((address) =>
        options.map((value) => (value === '' && segment.startsWith('[[') ? address : `${address}/${before}${value}${after}`)),
      );
    });
    for (const address of filled) addresses.add(address || '/');
  }
  return [...addresses].sort();
}
