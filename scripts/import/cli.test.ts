import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../lib/errors';
import type { ImportedFilm } from '../../lib/import/import-film';
import { errorsOf, expandPaths, failureLines, parseImportArgs, successLines, summaryLine, type FileOutcome } from './cli';

const film = (overrides: Partial<ImportedFilm> = {}): ImportedFilm => ({
  slug: 'harbour-lights',
  title: 'Harbour Lights',
  revision: 1,
  format: 'text',
  published: false,
  levels: 'page',
  warnings: [],
  translations: [],
  ...overrides,
});

describe('parseImportArgs', () => {
  it('takes paths and flags in any order', () => {
    expect(parseImportArgs(['a.txt', '--publish', 'pages', '--as', 'Ed@Example.com'])).toEqual({
      kind: 'run',
      paths: ['a.txt', 'pages'],
      publish: true,
      as: 'Ed@Example.com',
    });
    expect(parseImportArgs(['a.txt'])).toEqual({ kind: 'run', paths: ['a.txt'], publish: false });
    expect(parseImportArgs(['--as=ed@example.com', 'a.txt'])).toMatchObject({ as: 'ed@example.com' });
  });

  it('answers --help, and refuses no paths, unknown flags and an empty --as', () => {
    expect(parseImportArgs(['--help', 'a.txt'])).toEqual({ kind: 'help' });
    expect(parseImportArgs(['-h'])).toEqual({ kind: 'help' });
    expect(parseImportArgs([])).toEqual({ kind: 'usage-error', message: 'Name at least one file or folder to import.' });
    expect(parseImportArgs(['--publish'])).toMatchObject({ kind: 'usage-error' });
    expect(parseImportArgs(['--force', 'a.txt'])).toEqual({
      kind: 'usage-error',
      message: expect.stringContaining("Unknown option '--force'"),
    });
    expect(parseImportArgs(['a.txt', '--as'])).toMatchObject({ kind: 'usage-error', message: expect.stringContaining('--as') });
    expect(parseImportArgs(['a.txt', '--as', ' '])).toEqual({ kind: 'usage-error', message: '--as needs an email address.' });
    expect(parseImportArgs(['a.txt', '--slug', ' '])).toEqual({ kind: 'usage-error', message: '--slug needs an address.' });
    expect(parseImportArgs(['a.txt', '--slug', 'another-address'])).toMatchObject({ kind: 'run', slug: 'another-address' });
  });

  it('takes --levels page or suggested, and refuses anything else naming the choices', () => {
    expect(parseImportArgs(['a.txt', '--levels', 'suggested'])).toEqual({
      kind: 'run',
      paths: ['a.txt'],
      publish: false,
      levels: 'suggested',
    });
    expect(parseImportArgs(['--levels=page', 'a.txt'])).toMatchObject({ kind: 'run', levels: 'page' });
    expect(parseImportArgs(['a.txt', '--levels', 'auto'])).toEqual({
      kind: 'usage-error',
      message: '--levels is page or suggested (got "auto").',
    });
    expect(parseImportArgs(['a.txt', '--levels'])).toMatchObject({ kind: 'usage-error', message: expect.stringContaining('--levels') });
  });
});

describe('parseImportArgs: through a server', () => {
  it('takes --server with --token or --email', () => {
    expect(parseImportArgs(['a.txt', '--publish', '--server', 'http://127.0.0.1:3000', '--token', 'cms_abc'])).toEqual({
      kind: 'run',
      paths: ['a.txt'],
      publish: true,
      server: 'http://127.0.0.1:3000',
      token: 'cms_abc',
    });
    expect(parseImportArgs(['a.txt', '--server=https://films.example.com', '--email', 'ed@example.com'])).toMatchObject({
      server: 'https://films.example.com',
      email: 'ed@example.com',
    });
  });

  it('refuses an address that is not http(s), empty values, a token with an account, and --as with a server', () => {
    expect(parseImportArgs(['a.txt', '--server', 'films.example.com'])).toEqual({
      kind: 'usage-error',
      message: '--server needs an http(s):// address.',
    });
    expect(parseImportArgs(['a.txt', '--token', ' '])).toEqual({ kind: 'usage-error', message: '--token needs a token.' });
    expect(parseImportArgs(['a.txt', '--email', ''])).toEqual({ kind: 'usage-error', message: '--email needs an email address.' });
    expect(parseImportArgs(['a.txt', '--token', 't', '--email', 'e@example.com'])).toEqual({
      kind: 'usage-error',
      message: 'Give --token or --email, not both.',
    });
    expect(parseImportArgs(['a.txt', '--server', 'http://x', '--as', 'e@example.com'])).toMatchObject({
      kind: 'usage-error',
      message: expect.stringContaining('--as is for imports without a server'),
    });
  });
});

describe('expandPaths', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'import-cli-unit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists a folder’s .txt and .json files sorted, not its subfolders, each file once', async () => {
    const pages = path.join(dir, 'pages');
    mkdirSync(path.join(pages, 'nested'), { recursive: true });
    for (const name of ['b.txt', 'a.json', 'c.TXT', 'notes.md', 'nested/d.txt']) writeFileSync(path.join(pages, name), 'x');
    const single = path.join(dir, 'single.page');
    writeFileSync(single, 'x');

    expect(await expandPaths([single, pages, path.join(pages, 'b.txt')])).toEqual({
      files: [single, path.join(pages, 'a.json'), path.join(pages, 'b.txt'), path.join(pages, 'c.TXT')],
      problems: [],
    });
  });

  it('names a missing path and a folder without pages as problems', async () => {
    const empty = path.join(dir, 'empty');
    mkdirSync(empty);
    const missing = path.join(dir, 'missing.txt');
    expect(await expandPaths([missing, empty])).toEqual({
      files: [],
      problems: [
        { path: missing, message: 'No such file or folder' },
        { path: empty, message: 'No .txt or .json files in this folder' },
      ],
    });
  });
});

describe('output lines', () => {
  it('prints a file’s slug and its warnings, without a line number for line 0', () => {
    const warnings = [
      { line: 2, kind: 'count' as const, message: 'Premise words: the page says 99, the content has 8' },
      { line: 0, kind: 'skipped' as const, message: 'The quiz was left out' },
    ];
    expect(successLines('a.txt', film({ published: true, warnings }))).toEqual([
      '✓ a.txt → harbour-lights (revision 1, published)',
      '  line 2: Premise words: the page says 99, the content has 8',
      '  The quiz was left out',
    ]);
    expect(successLines('a.txt', film())).toEqual(['✓ a.txt → harbour-lights (revision 1)']);
    expect(successLines('a.txt', film({ levels: 'suggested', published: true }))).toEqual([
      '✓ a.txt → harbour-lights (revision 1, suggested spoiler levels, published)',
    ]);
  });

  it('prints one line per error, with its path when there is one', () => {
    const errors = errorsOf(
      new ValidationError([
        { path: 'line 1', message: 'No title found' },
        { path: 'slug', message: 'Taken' },
      ]),
    );
    expect(failureLines('a.txt', errors)).toEqual(['✗ a.txt: line 1: No title found', '✗ a.txt: slug: Taken']);
    expect(failureLines('b.txt', errorsOf(new Error('connection refused')))).toEqual(['✗ b.txt: connection refused']);
  });

  it('sums up imports, publications, warnings and failures', () => {
    const outcomes: FileOutcome[] = [
      { file: 'a', ok: true, film: film({ published: true, warnings: [{ line: 1, kind: 'count', message: 'x' }] }) },
      {
        file: 'b',
        ok: true,
        film: film({
          warnings: [
            { line: 1, kind: 'count', message: 'x' },
            { line: 2, kind: 'count', message: 'y' },
          ],
        }),
      },
      { file: 'c', ok: false, errors: [{ message: 'no' }] },
    ];
    expect(summaryLine(outcomes)).toBe('Imported 2 of 3 files (1 published), 3 warnings, 1 failed.');
    expect(summaryLine(outcomes.slice(0, 1))).toBe('Imported 1 of 1 files (1 published), 1 warning, 0 failed.');
  });
});
