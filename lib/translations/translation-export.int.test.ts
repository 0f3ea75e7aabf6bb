/**
 * Translations in the JSON export and import: the export carries each language's texts that are
 * up to date with the exported revision; importing the file makes the film and each translation's
 * revision 1; a file naming a text the page lacks, or a language the site lacks, changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { makeActor } from '../../test-support/actors';
import { createFilm, getDraft, saveDraft } from '../films';
import type { Actor } from '../auth/permissions';
import { ValidationError } from '../errors';
import { importFilm } from '../import/import-film';
import { exportTranslations } from './export-translations';
import { getTranslation } from './get-translation';
import { saveTranslation } from './save-translation';

process.env.SITE_LOCALES = 'en,fr';

let admin: Actor;
let editor: Actor;
const tag = Date.now().toString(36);
const slug = `exported-${tag}`;

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
  await createFilm({ content: sampleFilm({ slug, title: `Exported ${tag}` }), actor: admin });
  await saveTranslation({
    slug,
    locale: 'fr',
    baseRevision: 0,
    sourceRevision: 1,
    texts: { title: `Exporté ${tag}`, 'events[e1].title': 'Arrivée', 'events[e2].title': 'Entraînement' },
    message: '',
    actor: admin,
  });
  // The page changes after the translation: e2's text is outdated.
  const draft = await getDraft({ slug, actor: admin });
  const content = structuredClone(draft.content);
  content.events[1].title = 'Training, harder';
  await saveDraft({ slug, baseRevision: draft.revision, content, actor: admin });
});

const exported = async () => {
  const { content } = await getDraft({ slug, actor: admin });
  return { content, translations: await exportTranslations({ slug, content, actor: admin }) };
};

const filmCount = () => db().film.count({ where: { slug: { startsWith: `imported-${tag}` } } });

describe('translations in the JSON export and import', () => {
  it('exports the texts up to date with the revision, and imports them as the new film’s translation', async () => {
    const { content, translations } = await exported();
    expect(translations).toEqual({ fr: { title: `Exporté ${tag}`, 'events[e1].title': 'Arrivée' } });

    const text = JSON.stringify({ ...content, slug: `imported-${tag}`, translations });
    const imported = await importFilm({ text, actor: admin });
    expect(imported.translations).toEqual(['fr']);
    const french = await getTranslation({ slug: `imported-${tag}`, locale: 'fr', actor: admin });
    expect(french.revision).toBe(1);
    expect(french.units.filter((unit) => unit.status === 'translated').map((unit) => [unit.key, unit.text])).toEqual([
      ['title', `Exporté ${tag}`],
      ['events[e1].title', 'Arrivée'],
    ]);
  });

  it('refuses a text the page does not have, or a language the site does not have, and creates nothing', async () => {
    const { content } = await exported();
    const before = await filmCount();
    const unknownText = JSON.stringify({ ...content, slug: `imported-${tag}-x`, translations: { fr: { 'events[e9].title': 'Rien' } } });
    await expect(importFilm({ text: unknownText, actor: admin })).rejects.toMatchObject({
      errors: [{ path: 'translations.fr.events[e9].title' }],
    });
    const unknownLanguage = JSON.stringify({ ...content, slug: `imported-${tag}-y`, translations: { de: { title: 'Titel' } } });
    const refused = await importFilm({ text: unknownLanguage, actor: admin }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).errors[0].path).toBe('translations.de');
    expect(await filmCount()).toBe(before);
  });

  it('an editor’s import leaves the quiz out, and its translated texts with it', async () => {
    const { content } = await exported();
    const quizKey = `quiz.questions[${content.quiz.questions[0].id}].prompt`;
    const text = JSON.stringify({
      ...content,
      slug: `imported-${tag}-z`,
      translations: { fr: { title: 'Titre', [quizKey]: 'Question ?' } },
    });
    const imported = await importFilm({ text, actor: editor });
    expect(imported.warnings.map((w) => w.kind)).toContain('skipped');
    const french = await getTranslation({ slug: `imported-${tag}-z`, locale: 'fr', actor: editor });
    expect(french.units.filter((unit) => unit.status === 'translated').map((unit) => unit.key)).toEqual(['title']);
  });
});
