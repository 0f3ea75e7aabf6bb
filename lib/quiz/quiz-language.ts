import 'server-only';
import { defaultLocale } from '../i18n/site-locales';
import { getPublishedTranslationTexts } from '../reader/get-published-translation';
import { isQuizUnit, textsInLanguage, type TextsInLanguage } from '../translations/unit-key';

/** The quiz's texts in a language: each text by its unit key, the page's own where the translation has none. */
export type QuizTexts = TextsInLanguage & {
  /** The language the texts are in where translated, or the page's own (no published translation, or one translating none of the quiz). */
  language: string;
  /** Whether the film has a published translation into the language asked for (its quiz page in it exists, whatever it translates). */
  published: boolean;
};

/**
 * The published quiz's texts for readers of `locale`: the published translation's current texts
 * (as the film page gets them), the page's language for a text without one, or everything in the
 * page's language when the film has no published translation into `locale` or the translation
 * translates none of the quiz (then the quiz is in the page's language, `language` says so).
 */
export async function quizTexts(slug: string, locale: string): Promise<QuizTexts> {
  const own = defaultLocale();
  const texts = locale === own ? null : await getPublishedTranslationTexts(slug, locale);
  return {
    language: texts && Object.keys(texts).some(isQuizUnit) ? locale : own,
    published: texts !== null,
    // Without a published translation the quiz is all in the page's language, which `language` says: nothing to mark.
    ...textsInLanguage((key, source) => (texts ? texts[key] : source), own),
  };
}
