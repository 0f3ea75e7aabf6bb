'use server';

import { guardedAction } from '../auth/guarded-action';
import { createFilm, publishFilm, restoreRevision, saveDraft, unpublishFilm } from '.';
import { createFilmInputSchema, publishInputSchema, restoreInputSchema, saveDraftInputSchema, unpublishInputSchema } from './film-schema';

/**
 * The film's server actions, for the editor's screens. Each is a guardedAction (session +
 * permission + input schema) calling a domain function that checks the actor again; the editorial
 * API's route handlers call the same functions with the same schemas (lib/films/film-schema.ts).
 * Reads go through GET route handlers instead (app/(editor)/editor/api): actions are dispatched
 * one at a time, and a read should not queue behind a save.
 */

/** "New film": a title and a slug → revision 1 of an empty page. */
export const createFilmAction = guardedAction('film.edit', createFilmInputSchema, async ({ title, slug }, actor) => {
  const { film, revision } = await createFilm({ content: { title, slug }, actor });
  return { slug: film.slug, revision: revision.number };
});

/** Saves the whole page as a new revision on `baseRevision`; 409 with both sides when it is stale. */
export const saveDraftAction = guardedAction('film.edit', saveDraftInputSchema, async ({ slug, baseRevision, content, message }, actor) => {
  const saved = await saveDraft({ slug, baseRevision, content, message, actor });
  return { revision: saved.revision, slug: saved.slug };
});

export const publishAction = guardedAction('film.publish', publishInputSchema, async ({ slug, revision }, actor) => {
  const published = await publishFilm({ slug, revision, actor });
  return { slug: published.slug, revision: published.revision };
});

export const unpublishAction = guardedAction('film.publish', unpublishInputSchema, async ({ slug }, actor) => {
  await unpublishFilm({ slug, actor });
  return { slug };
});

/**
 * Restores revision `number` as a new revision on top of `baseRevision`, the latest the editor saw
 * on the confirmation page: if someone saved since, the restore is refused (409) rather than
 * silently dropping their work. Never publishes.
 */
export const restoreRevisionAction = guardedAction('film.edit', restoreInputSchema, async ({ slug, number, baseRevision }, actor) => {
  const restored = await restoreRevision({ slug, number, baseRevision, actor });
  return { slug: restored.slug, revision: restored.revision };
});
