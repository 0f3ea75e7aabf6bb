/**
 * The names of a page's texts for translation (one grammar, used by the units' walk and by the
 * reader components that mark a text readers get in the page's own language): a part's text
 * (`premise`), a field of a part's object (`setting.place`), a field of a list item by its id
 * (`events[e3].title`), a quiz option (`quiz.questions[q2].options[o1]`). Pure.
 */
export const fieldUnitKey = (partKey: string, field?: string) => (field ? `${partKey}.${field}` : partKey);

export const itemUnitKey = (listKey: string, id: string, field: string, optionId?: string) =>
  `${listKey}[${id}].${field}${optionId ? `[${optionId}]` : ''}`;

/** A quiz question's text (`prompt`, `explanation`) or, with `optionId`, one of its options. */
export const quizUnitKey = (questionId: string, field: 'prompt' | 'explanation' | 'options', optionId?: string) =>
  itemUnitKey('quiz.questions', questionId, field, optionId);

/** Whether a unit is one of the quiz's texts (the admins', in every language). */
export const isQuizUnit = (key: string) => key.startsWith('quiz.');

/** The texts of a translated page that read in the page's own language (no current translation), as readers get it. */
export type Untranslated = { lang: string; keys: string[] };

/** Texts read one unit at a time in a translation's language, and those that fell back to the page's own. */
export type TextsInLanguage = {
  /** The text readers get for `key`, whose text in the page is `source`. */
  text: (key: string, source: string) => string;
  /** The keys read so far whose text is the page's own: for `lang` marks. */
  untranslated: () => Untranslated | undefined;
};

/**
 * Reads texts through `translated` (a unit's translation for readers, or null / undefined where it
 * has none): a text without one is the page's `source`, and its key is named in `untranslated`, in
 * the page's language `lang`. An empty source is no text to translate, so never named.
 */
export function textsInLanguage(translated: (key: string, source: string) => string | null | undefined, lang: string): TextsInLanguage {
  const missing = new Set<string>();
  return {
    text: (key, source) => {
      const text = translated(key, source);
      if (text == null && source.trim() !== '') missing.add(key);
      return text ?? source;
    },
    untranslated: () => (missing.size > 0 ? { lang, keys: [...missing] } : undefined),
  };
}

/**
 * `lang` for the element holding the text `key` of a page: the page's own language where the
 * translation has no current text for it (WCAG 3.1.2), nothing where it is translated or the page
 * is read in its own language.
 */
export function untranslatedLang(untranslated: Untranslated | undefined): (key: string) => string | undefined {
  if (!untranslated || untranslated.keys.length === 0) return () => undefined;
  const keys = new Set(untranslated.keys);
  return (key) => (keys.has(key) ? untranslated.lang : undefined);
}

/** Both lists of texts in the page's own language (the quiz's questions, then its scored explanations), or undefined. */
export function joinUntranslated(...lists: Array<Untranslated | undefined>): Untranslated | undefined {
  const present = lists.filter((list): list is Untranslated => list !== undefined);
  if (present.length === 0) return undefined;
  return { lang: present[0].lang, keys: [...new Set(present.flatMap((list) => list.keys))] };
}
