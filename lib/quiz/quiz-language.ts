import 'server-only';
import { defaultLocale } from '../i18n/site-locales';
import { getPublishedTranslationTexts } from '../reader/get-published-translation';
import { isQuizUnit, type Untranslated } from '../translations/unit-key';

/** The quiz's texts in a language: each text by its unit key, the page's own where the translation has none. */
export type QuizTexts = {
  /** The language the texts are in where translated, or the page's own (no published translation, or one translating none of the quiz). */
  language: string;
  /** Whether the film has a published translation into the language asked for (its quiz page in it exists, whatever it translates). */
  published: boolean;
  text: (key: string, source: string) => string;
  /** The keys read so far whose text is the page's own: for `lang` marks. */
  untranslated: () => Untranslated | undefined;
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
  const missing = new Set<string>();
  return {
    language: texts && Object.keys(texts).some(isQuizUnit) ? locale : own,
    published: texts !== null,
    text: (key, source) => {
      const translated = texts?.[key];
      // An empty text is no text to translate (lib/translations/translation-units.ts).
      if (texts && translated === undefined && source.trim() !== '') missing.add(key);
      return translated ?? source;
    },
    untranslated: () => (texts && missing.size > 0 ? { lang: own, keys: [...missing] } : undefined),
  };
}
