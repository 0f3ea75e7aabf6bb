/**
 * `npm run import`, run as the real command (a child process with DATABASE_URL) on the importer's
 * fixtures. The fixtures have fixed titles (three of them are "Harbour Lights"), so each test run
 * copies them under titles of its own: the slug comes from the title.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../lib/db';
import { importText } from '../lib/import';
import { makeActor } from '../test-support/actors';
import { getDraft } from '../lib/films';
import { suggestFilmLevels } from '../lib/story-position';
import { Redis } from 'ioredis';
import { REDIS_TEST_URL, deleteRedisKeys, runNode, testPrefix, tsx, type Env } from './ops/support';

const FIXTURES = path.join(import.meta.dirname, '..', 'test-support', 'page-fixtures');
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let work: string;

const runImportWith = (env: Env, ...args: string[]) =>
  runNode([...tsx('scripts/import.ts'), ...args], {
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: '',
    CMS_SERVER_URL: '',
    CMS_API_TOKEN: '',
    ...env,
  });
const runImport = (...args: string[]) => runImportWith({}, ...args);

/** Copies the fixtures into `dir`, the film renamed "<title> <RUN> <label> <fixture>"; returns file → slug. */
function copyFixtures(dir: string, label: string): Map<string, string> {
  const slugs = new Map<string, string>();
  for (const name of readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.page.txt'))
    .sort()) {
    const fixture = name.replace('.page.txt', '');
    const text = readFileSync(path.join(FIXTURES, name), 'utf8').replace(
      /Harbour Lights|Nan's Orchard/gu,
      (title) => `${title} ${RUN} ${label} ${fixture}`,
    );
    const file = path.join(dir, name);
    writeFileSync(file, text);
    const imported = importText(text);
    if (!imported.ok) throw new Error(`fixture ${name} does not import`);
    slugs.set(file, imported.content.slug);
  }
  return slugs;
}

const warningsIn = (file: string) => {
  const imported = importText(readFileSync(file, 'utf8'));
  return imported.ok ? imported.warnings : [];
};

const filmOf = (slug: string) =>
  db().film.findUnique({ where: { slug }, include: { revisions: { select: { id: true, number: true, source: true, authorId: true } } } });

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'import-cli-'));
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('npm run import', () => {
  it('imports every page of a folder as a draft, printing each file, its warnings and a summary', async () => {
    const folder = mkdtempSync(path.join(work, 'folder-'));
    const slugs = copyFixtures(folder, 'all');
    writeFileSync(path.join(folder, 'notes.md'), 'not a page'); // not .txt/.json: ignored

    const run = await runImport(folder);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);

    const lines = run.stdout.trimEnd().split('\n');
    let warnings = 0;
    for (const [file, slug] of slugs) {
      const head = lines.indexOf(`✓ ${file} → ${slug} (revision 1)`);
      expect(head, `line for ${file}`).toBeGreaterThanOrEqual(0);
      // The file's warnings follow its line, in order, as "  line N: message".
      const expected = warningsIn(file).map((w) => `  ${w.line > 0 ? `line ${w.line}: ` : ''}${w.message}`);
      expect(lines.slice(head + 1, head + 1 + expected.length)).toEqual(expected);
      warnings += expected.length;

      const film = await filmOf(slug);
      expect(film).toMatchObject({ latestRevision: 1, publishedRevisionId: null });
      expect(film?.revisions).toEqual([expect.objectContaining({ number: 1, source: 'IMPORT', authorId: null })]);
    }
    expect(lines.filter((l) => l.startsWith('✓ ')).map((l) => l.slice(2, l.indexOf(' → ')))).toEqual([...slugs.keys()]);
    expect(run.stdout).toContain('  line 2: Premise words: the page says 99, the content has 8'); // wrong-counts
    expect(run.stdout).toContain('  line 1: Text before the first section, skipped:'); // unknown-section
    expect(warnings).toBeGreaterThan(10);
    expect(lines.at(-1)).toBe(`Imported 4 of 4 files (0 published), ${warnings} warnings, 0 failed.`);

    const audit = await db().auditLog.findFirst({ where: { action: 'film.create', subject: [...slugs.values()][0] } });
    expect(audit).toMatchObject({ actorLabel: 'command line import', actorId: null });
  });

  it('fails a file whose slug is taken, still imports the others, and exits with 1', async () => {
    const first = mkdtempSync(path.join(work, 'dup-a-'));
    const [[taken, takenSlug]] = [...copyFixtures(first, 'dup')];
    expect((await runImport(taken)).code).toBe(0);

    const second = mkdtempSync(path.join(work, 'dup-b-'));
    const slugs = copyFixtures(second, 'dup'); // the same titles: the first file's slug is taken
    const [again, other] = [...slugs.keys()];
    const otherSlug = slugs.get(other)!;
    const run = await runImport(again, other);

    expect(run.code).toBe(1);
    expect(run.stdout.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^✗ ${again}: Another film already uses the address “${takenSlug}”: “.+”\\. Import it under another address\\.$`),
      ),
      `✓ ${other} → ${otherSlug} (revision 1)`,
      `Imported 1 of 2 files (0 published), 0 warnings, 1 failed.`,
    ]);
    expect(await db().film.count({ where: { slug: takenSlug } })).toBe(1);
    expect((await filmOf(takenSlug))?.latestRevision).toBe(1);
    expect(await filmOf(otherSlug)).toMatchObject({ latestRevision: 1 });
  });

  it('--slug imports one file under another address; with several files it is a usage error', async () => {
    const folder = mkdtempSync(path.join(work, 'slug-'));
    const [[file, slug], [otherFile]] = [...copyFixtures(folder, 'slug')];
    expect((await runImport(file)).code).toBe(0);

    const run = await runImport(file, '--slug', `${slug}-copy`);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`✓ ${file} → ${slug}-copy (revision 1)`);
    expect(await filmOf(`${slug}-copy`)).toMatchObject({ latestRevision: 1 });

    const twoFiles = await runImport(file, otherFile, '--slug', `${slug}-again`);
    expect(twoFiles.code).toBe(2);
    expect(twoFiles.stderr).toContain('--slug names the address of one film');
    expect(await filmOf(`${slug}-again`)).toBeNull();
  });

  it('--publish publishes revision 1', async () => {
    const dir = mkdtempSync(path.join(work, 'publish-'));
    const [[file, slug]] = [...copyFixtures(dir, 'pub')];
    const run = await runImport('--publish', file);

    expect(run.code).toBe(0);
    // One file: no summary line; without Redis, a note on what a running server shows and when.
    const [line, note] = run.stdout.trimEnd().split('\n');
    expect(line).toBe(`✓ ${file} → ${slug} (revision 1, published)`);
    expect(note).toMatch(
      /^Note: published in the database directly, without REDIS_URL\..* only after its next publish or unpublish, or its restart\..* --server URL with --token/u,
    );
    const film = await filmOf(slug);
    expect(film?.publishedRevisionId).toBe(film?.revisions[0]?.id);
    expect(await db().publishedFilm.count({ where: { filmId: film!.id } })).toBe(1);
  });

  it('--publish with the shared Redis cache records the invalidation every instance reads', async () => {
    const dir = mkdtempSync(path.join(work, 'redis-'));
    const [[file, slug]] = [...copyFixtures(dir, 'redis')];
    const prefix = testPrefix('import-cli');
    try {
      const run = await runImportWith({ REDIS_URL: REDIS_TEST_URL, CACHE_KEY_PREFIX: prefix }, '--publish', file);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(`✓ ${file} → ${slug} (revision 1, published)\n`);
      const redis = new Redis(REDIS_TEST_URL);
      try {
        // Validity by version (lib/cache/tag-versions.mjs): the publish bumped the shared counter and
        // recorded that version against the film's tags, so every instance sees its entries as stale.
        const version = Number(await redis.hget(`${prefix}:validity`, '#version'));
        expect(version).toBeGreaterThanOrEqual(1);
        const tagged = await redis.hmget(`${prefix}:validity`, 't:films', `t:film:${slug}`);
        for (const tagVersion of tagged.map(Number)) {
          expect(tagVersion).toBeGreaterThanOrEqual(1);
          expect(tagVersion).toBeLessThanOrEqual(version);
        }
      } finally {
        redis.disconnect();
      }
    } finally {
      await deleteRedisKeys(prefix);
    }
  });

  it('--as imports for that user, with their role (an editor’s quiz is left out)', async () => {
    const editor = await makeActor('EDITOR', `Import-${RUN}@Test.Example`.toLowerCase());
    const dir = mkdtempSync(path.join(work, 'as-'));
    const slugs = copyFixtures(dir, 'as');
    const file = [...slugs.keys()].find((f) => f.endsWith('twelve-events.page.txt'))!;
    const run = await runImport(file, '--as', `  Import-${RUN}@Test.Example `);

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ {2}line \d+: The quiz \(\d+ questions?\) was left out: only admins may add a quiz\./mu);
    const film = await filmOf(slugs.get(file)!);
    expect(film?.revisions[0]?.authorId).toBe(editor.userId);
    const audit = await db().auditLog.findFirst({ where: { action: 'film.create', filmId: film!.id } });
    expect(audit).toMatchObject({ actorId: editor.userId, actorLabel: `${editor.label} (command line import)` });

    const nobody = await runImport(file, '--as', `nobody-${RUN}@test.example`);
    expect(nobody).toMatchObject({ code: 1, stdout: '' });
    expect(nobody.stderr).toContain(`there is no user with the email nobody-${RUN}@test.example`);
  });

  it('--levels suggested stores a page without spoiler markers at the levels its story suggests', async () => {
    const page = readFileSync(
      path.join(import.meta.dirname, '..', 'test-support', 'measured-pages', 'night-of-the-living-dead.page.txt'),
      'utf8',
    );
    const file = path.join(mkdtempSync(path.join(work, 'levels-')), 'unmarked.page.txt');
    writeFileSync(file, page.replace(/\s*\[spoiler: \w+\]/gu, ''));
    const slug = `night-levels-${RUN}`;

    const run = await runImport(file, '--levels', 'suggested', '--slug', slug);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`✓ ${file} → ${slug} (revision 1, suggested spoiler levels)`);
    const { content } = await getDraft({ slug, actor: await makeActor('ADMIN') });
    const suggestions = suggestFilmLevels(content);
    expect(suggestions.length).toBeGreaterThan(40);
    expect(suggestions.filter((s) => s.current !== s.suggested)).toEqual([]);
    expect(content.events.map((e) => e.spoiler).slice(0, 2)).toEqual(['none', 'none']);
    expect(content.events.at(-1)?.spoiler).toBe('full');

    const bad = await runImport(file, '--levels', 'auto');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--levels is page or suggested (got "auto").');
  });

  it('refuses a missing path before importing anything', async () => {
    const dir = mkdtempSync(path.join(work, 'missing-'));
    const [[file, slug]] = [...copyFixtures(dir, 'missing')];
    const missing = path.join(dir, 'no-such-page.txt');
    const run = await runImport(file, missing);

    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`✗ ${missing}: No such file or folder\nNothing was imported.\n`);
    expect(await filmOf(slug)).toBeNull();
  });

  it('answers bad arguments with the usage and exit code 2', async () => {
    const none = await runImport();
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^Name at least one file or folder to import\.\n\nUsage: npm run import/u);
    const unknown = await runImport('--force', 'x.txt');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--force'");
  });
});
