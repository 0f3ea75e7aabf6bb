import 'server-only';
import type { Actor } from '../auth/permissions';
import { getDraft } from '../films';
import { suggestFilmLevels } from './suggest-levels';

/**
 * The suggested spoiler level of every item of a film's latest revision, for the editorial API and
 * the workspace. Reading them changes nothing; accepting is a normal save (a new revision).
 * The permission check is getDraft's (film.read; an unknown slug is a 404).
 */
export async function getLevelSuggestions({ slug, actor }: { slug: string; actor: Actor }) {
  const draft = await getDraft({ slug, actor });
  const suggestions = suggestFilmLevels(draft.content).map(({ path, label, part, current, suggested, revealedAt, reason }) => ({
    path,
    label,
    part,
    current,
    suggested,
    revealedAt,
    reason,
  }));
  return { slug: draft.slug, revision: draft.revision, suggestions };
}
