'use server';

import { z } from 'zod';
import { guardedAction } from '../auth/guarded-action';
import { createFilm, publishFilm, saveDraft, unpublishFilm } from '../revisions';
import { saveAutosave } from './save-autosave';
import { discardAutosave } from './discard-autosave';

/**
 * The editing workspace's server actions. Each is a guardedAction (session + permission + input
 * schema), and each calls a domain function that checks the actor again. Reads go through GET
 * route handlers instead (app/(editor)/editor/api): actions are dispatched one at a time, and a
 * read should not queue behind a save.
 */

const slug = z.string().trim().min(1).max(200);
const revision = z.number().int().min(1);
const filmId = z.string().min(1).max(64);

/** "New film": a title and a slug → revision 1 of an empty page. */
export const createFilmAction = guardedAction(
  'film.edit',
  z.object({ title: z.string().max(1000), slug: z.string().max(1000) }),
  async ({ title, slug }, actor) => {
    const { film, revision } = await createFilm({ content: { title, slug }, actor });
    return { slug: film.slug, revision: revision.number };
  },
);

/** Saves the whole page as a new revision on `baseRevision`; 409 with both sides when it is stale. */
export const saveDraftAction = guardedAction(
  'film.edit',
  z.object({ slug, baseRevision: revision, content: z.unknown(), message: z.string().trim().max(500).default('') }),
  async ({ slug, baseRevision, content, message }, actor) => {
    const saved = await saveDraft({ slug, baseRevision, content, message, actor });
    return { revision: saved.revision, slug: saved.slug };
  },
);

export const publishAction = guardedAction('film.publish', z.object({ slug, revision }), async ({ slug, revision }, actor) => {
  const published = await publishFilm({ slug, revision, actor });
  return { slug: published.slug, revision: published.revision };
});

export const unpublishAction = guardedAction('film.publish', z.object({ slug }), async ({ slug }, actor) => {
  await unpublishFilm({ slug, actor });
  return { slug };
});

/** Work in progress into the user's autosave slot (not a revision). */
export const saveAutosaveAction = guardedAction(
  'film.edit',
  z.object({ filmId, baseRevision: revision, content: z.unknown() }),
  ({ filmId, baseRevision, content }, actor) => saveAutosave({ filmId, baseRevision, content, actor }),
);

export const discardAutosaveAction = guardedAction('film.edit', z.object({ filmId }), ({ filmId }, actor) =>
  discardAutosave({ filmId, actor }),
);
