/**
 * The parts of `npm run import` that don't need a database: arguments, the files a folder holds,
 * and the lines printed per file and at the end. Kept apart from scripts/import.ts so they can be
 * tested without starting anything.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ImportedFilm } from '../../lib/import/import-film';
import { importLevelsSchema, type ImportLevels } from '../../lib/films/film-schema';

export const USAGE = `Usage: npm run import -- FILE_OR_FOLDER... [--publish] [--slug SLUG] [--levels suggested]
         [--server URL (--token TOKEN | --email EMAIL) | --as EMAIL]

Imports film pages (page text or an exported JSON object) as new films, each a draft whose
revision 1 is the page. A folder stands for every *.txt and *.json file directly in it.

  --publish       publish each new film's revision 1 as well
  --slug SLUG     import one file under this address instead of its own (when that one is taken)
  --levels LEVELS page (the default): the spoiler levels the page marks, unmarked items at full;
                  suggested: every item at the level the page's own story suggests (for pages
                  without spoiler markers; docs/spoiler-suggestions.md)
  --server URL    import through this running server's editorial API (or CMS_SERVER_URL): the
                  server publishes, so its page cache shows the films on the next request
  --token TOKEN   an API token of an editor or admin for --server (or CMS_API_TOKEN)
  --email EMAIL   sign in to --server as this user instead, the password in CMS_PASSWORD
  --as EMAIL      without a server: attribute the import to this existing, active user (with their role)
  --help          show this help

Without a server the films are written to the database directly: DATABASE_URL when set, else the
embedded PostgreSQL of \`npm start\` (.data/postgres), whose running server is then used when it
is up (its address is in .data/server.json).`;

export type ImportOptions = {
  paths: string[];
  publish: boolean;
  levels?: ImportLevels;
  as?: string;
  slug?: string;
  server?: string;
  token?: string;
  email?: string;
};

export type ParsedArgs = { kind: 'help' } | { kind: 'usage-error'; message: string } | ({ kind: 'run' } & ImportOptions);

export function parseImportArgs(argv: string[]): ParsedArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        publish: { type: 'boolean' },
        as: { type: 'string' },
        slug: { type: 'string' },
        levels: { type: 'string' },
        server: { type: 'string' },
        token: { type: 'string' },
        email: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // parseArgs says which flag it did not know, or which one lacks its value.
    return { kind: 'usage-error', message: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (positionals.length === 0) return { kind: 'usage-error', message: 'Name at least one file or folder to import.' };
  const as = values.as?.trim();
  if (values.as !== undefined && !as) return { kind: 'usage-error', message: '--as needs an email address.' };
  const slug = values.slug?.trim();
  if (values.slug !== undefined && !slug) return { kind: 'usage-error', message: '--slug needs an address.' };
  const levels = values.levels === undefined ? undefined : importLevelsSchema.safeParse(values.levels.trim()).data;
  if (values.levels !== undefined && !levels)
    return { kind: 'usage-error', message: `--levels is page or suggested (got "${values.levels}").` };
  const server = values.server?.trim();
  if (values.server !== undefined && !/^https?:\/\/[^/]/u.test(server ?? ''))
    return { kind: 'usage-error', message: '--server needs an http(s):// address.' };
  const token = values.token?.trim();
  if (values.token !== undefined && !token) return { kind: 'usage-error', message: '--token needs a token.' };
  const email = values.email?.trim();
  if (values.email !== undefined && !email) return { kind: 'usage-error', message: '--email needs an email address.' };
  if (token && email) return { kind: 'usage-error', message: 'Give --token or --email, not both.' };
  // Through a server, the token or the signed-in user is who imports.
  if (as && (server || token || email))
    return {
      kind: 'usage-error',
      message: '--as is for imports without a server: through a server, the token or --email says who imports.',
    };
  return {
    kind: 'run',
    paths: positionals,
    publish: values.publish ?? false,
    ...(levels ? { levels } : {}),
    ...(as ? { as } : {}),
    ...(slug ? { slug } : {}),
    ...(server ? { server } : {}),
    ...(token ? { token } : {}),
    ...(email ? { email } : {}),
  };
}

/** Which files a folder contributes: exports (.json) and pages (.txt), not other notes or images. */
export const isImportable = (name: string) => /\.(txt|json)$/iu.test(name);

export type Expanded = { files: string[]; problems: Array<{ path: string; message: string }> };

/**
 * The files to import, in the order given, a folder's own files sorted by name (not its
 * subfolders: a folder of pages is flat, and recursing could pick up unrelated exports). A file
 * named twice is imported once. Paths that cannot be used are returned as problems, so the
 * command can refuse before it imports anything: imports are not repeatable (slugs are taken).
 */
export async function expandPaths(paths: string[]): Promise<Expanded> {
  const files: string[] = [];
  const problems: Expanded['problems'] = [];
  const seen = new Set<string>();
  const add = (file: string) => {
    const key = path.resolve(file);
    if (seen.has(key)) return;
    seen.add(key);
    files.push(file);
  };
  for (const given of paths) {
    let info;
    try {
      info = await stat(given);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      problems.push({ path: given, message: code === 'ENOENT' ? 'No such file or folder' : (error as Error).message });
      continue;
    }
    if (!info.isDirectory()) {
      add(given);
      continue;
    }
    const entries = await readdir(given, { withFileTypes: true });
    const names = entries
      .filter((e) => e.isFile() && isImportable(e.name))
      .map((e) => e.name)
      .sort();
    if (names.length === 0) problems.push({ path: given, message: 'No .txt or .json files in this folder' });
    for (const name of names) add(path.join(given, name));
  }
  return { files, problems };
}

export type FileError = { path?: string; message: string };

/** What the command reports of an imported film, whether imported here or by a server. */
export type ImportResult = Pick<ImportedFilm, 'slug' | 'revision' | 'published' | 'levels' | 'warnings'>;

export type FileOutcome = { file: string } & ({ ok: true; film: ImportResult } | { ok: false; errors: FileError[] });

/** `✓ file → slug (revision 1, published)` and the warnings under it. */
export function successLines(file: string, film: ImportResult): string[] {
  const head = `✓ ${file} → ${film.slug} (revision ${film.revision}${film.levels === 'suggested' ? ', suggested spoiler levels' : ''}${film.published ? ', published' : ''})`;
  // Line 0 means "the whole page" (e.g. a left-out quiz): no line number to show.
  return [head, ...film.warnings.map((w) => `  ${w.line > 0 ? `line ${w.line}: ` : ''}${w.message}`)];
}

/** One `✗ file: path: message` line per error. */
export function failureLines(file: string, errors: FileError[]): string[] {
  return errors.map((e) => `✗ ${file}: ${e.path ? `${e.path}: ` : ''}${e.message}`);
}

export const outcomeLines = (outcome: FileOutcome) =>
  outcome.ok ? successLines(outcome.file, outcome.film) : failureLines(outcome.file, outcome.errors);

/** Turns what importFilm threw into errors to print: a ValidationError names each field. */
export function errorsOf(error: unknown): FileError[] {
  if (error instanceof Error && 'errors' in error && Array.isArray(error.errors) && error.errors.length > 0) {
    return (error.errors as FileError[]).map(({ path: where, message }) => ({ path: where, message }));
  }
  return [{ message: error instanceof Error ? error.message : String(error) }];
}

export function summaryLine(outcomes: FileOutcome[]): string {
  const imported = outcomes.flatMap((o) => (o.ok ? [o.film] : []));
  const published = imported.filter((f) => f.published).length;
  const warnings = imported.reduce((sum, f) => sum + f.warnings.length, 0);
  const failed = outcomes.length - imported.length;
  return `Imported ${imported.length} of ${outcomes.length} files (${published} published), ${warnings} warning${warnings === 1 ? '' : 's'}, ${failed} failed.`;
}
