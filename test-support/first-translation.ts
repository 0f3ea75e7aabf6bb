import type { Actor } from '../lib/auth/permissions';
import { saveTranslation } from '../lib/translations/save-translation';

/** Saves revision 1 of a film's French translation, made from the page's revision 1 (the French premise by default). */
export function saveFirstFrench(slug: string, actor: Actor, texts: Record<string, string> = { premise: 'Une patineuse.' }) {
  return saveTranslation({ slug, locale: 'fr', baseRevision: 0, sourceRevision: 1, texts, message: '', actor });
}
