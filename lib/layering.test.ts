import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** `npm run lint` holds the layers of docs/architecture.md: these are the mistakes it must refuse. */
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('the layering lint', () => {
  it('refuses reader code that writes, or that calls what writes film content', async () => {
    expect(
      await problems(
        'lib/reader/example.ts',
        "import { db } from '../db';\nexport const f = () => db().film.update({ where: { id: '' }, data: {} });\n",
      ),
    ).toEqual(['no-restricted-syntax']);
    expect(
      await problems(
        'lib/reader/example.ts',
        'import { db } from \'../db\';\nexport const f = () => db().$executeRaw`DELETE FROM "Film"`;\n',
      ),
    ).toEqual(['no-restricted-syntax']);
    expect(await problems('lib/reader/example.ts', "import { publishFilm } from '../films';\nexport const f = publishFilm;\n")).toEqual([
      'boundaries/dependencies',
    ]);
    expect(
      await problems(
        'lib/reader/example.ts',
        "import { createHash } from 'node:crypto';\nexport const f = () => createHash('sha1').update('x').digest('hex');\n",
      ),
    ).toEqual([]);
  }, 60_000);

  it('refuses the reader’s pages and components that write, or import what writes', async () => {
    const importing = (what: string) => `import * as m from '${what}';\nexport const f = m;\n`;
    for (const file of ['components/reader/example.tsx', 'app/(reader)/films/[slug]/example.ts']) {
      for (const writer of [
        '@/lib/films',
        '@/lib/editor/save-autosave',
        '@/lib/users/invite-user',
        '@/lib/quiz/save-quiz',
        '@/lib/media/upload-image',
      ]) {
        expect(await problems(file, importing(writer))).toEqual(['boundaries/dependencies']);
      }
      expect(
        await problems(file, "import { db } from '@/lib/db';\nexport const f = () => db().film.update({ where: { id: '' }, data: {} });\n"),
      ).toEqual(['no-restricted-syntax']);
      // Reading, and scoring a quiz attempt (it records the reader's own answers, not content).
      for (const reader of ['@/lib/reader/cached-reader', '@/lib/quiz/score-attempt', '@/lib/media/variant-widths']) {
        expect(await problems(file, importing(reader))).toEqual([]);
      }
    }
    expect(await problems('lib/reader/example.ts', importing('../media/delete-image'))).toEqual(['boundaries/dependencies']);
    expect(await problems('app/(editor)/example.ts', importing('@/lib/films'))).toEqual([]);
  }, 60_000);

  it('refuses a file that lists the parts by hand', async () => {
    const listing =
      'export const count = (c: { events: E[]; characters: C[]; trivia: T[] }) =>\n  c.events.length + c.characters.length + c.trivia.length;\n';
    expect(await problems('lib/spoilers/example.ts', listing)).toEqual(['local/parts-listed-once']);
    expect(await problems('lib/spoilers/example.test.ts', listing)).toEqual([]);
    expect(await problems('lib/page/parts/example.ts', listing)).toEqual([]);
  }, 60_000);

  it('refuses lib/ code that imports the interface (app/, components/)', async () => {
    expect(
      await problems('lib/content/example.ts', "import { FilmPage } from '@/components/reader/film-page';\nexport const f = FilmPage;\n"),
    ).toEqual(['boundaries/dependencies']);
    expect(await problems('lib/content/example.ts', "import { GET } from '../../app/api/health/route';\nexport const f = GET;\n")).toEqual([
      'boundaries/dependencies',
    ]);
    expect(
      await problems('components/example.ts', "import { PAGE_PARTS } from '@/lib/page/parts';\nexport const f = PAGE_PARTS;\n"),
    ).toEqual([]);
  }, 60_000);
});
