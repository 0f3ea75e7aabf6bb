'use server';

import { z } from 'zod';
import { guardedAction } from '../auth/guarded-action';
import { importFilm } from './import-film';
import { checkImportSlug } from './check-import-slug';
import { MAX_PAGE_CHARS } from './index';
import { importLevelsSchema } from '../films/film-schema';

/** The import page's one action: the pasted or uploaded page → a new draft (never published). */
export const importFilmAction = guardedAction(
  'film.edit',
  z.object({
    text: z.string().max(MAX_PAGE_CHARS, `The page is too large (at most ${MAX_PAGE_CHARS.toLocaleString('en')} characters)`),
    slug: z.string().trim().max(200).optional(),
    levels: importLevelsSchema.default('page'),
  }),
  async ({ text, slug, levels }, actor) => {
    const imported = await importFilm({ text, slug, levels, actor });
    return { slug: imported.slug, revision: imported.revision, levels: imported.levels, warnings: imported.warnings };
  },
);

/** Whether the address an import would use is free; when not, which film has it and a free one to use. */
export const checkImportSlugAction = guardedAction('film.edit', z.object({ slug: z.string().trim().max(200) }), ({ slug }, actor) =>
  checkImportSlug({ slug, actor }),
);
