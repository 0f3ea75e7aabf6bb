import 'server-only';
import { defaultLocale } from '../i18n/site-locales';
import { getPublishedTranslationTexts } from '../reader/get-published-translation';
import { quizUnitKey, textsInLanguage, type TextsInLanguage } from '../translations/unit-key';

/** The quiz's texts in a language: each text by its unit key, the page's own where the translation has none. */
export type QuizTexts = TextsInLanguage & {
  /** Whether the film has a published translation into the language asked for (its quiz page in it exists, whatever it translates). */
  published: boolean;
  /**
   * The language these questions reach the reader in: the translation's when it translates any of
   * their texts, else the page's own. Only the questions the reader gets count: a translated
   * question above the level does not make an English quiz French (nor say it exists).
   */
  languageOf: (questions: ReadonlyArray<QuestionKeys>) => string;
};

/** A question as far as its texts go: its id and its options' ids. */
type QuestionKeys = { itemId: string; options: ReadonlyArray<{ itemId: string }> };

/** Every text of a question: its prompt, its options, its explanation. */
const questionUnitKeys = (question: QuestionKeys) => [
  quizUnitKey(question.itemId, 'prompt'),
  ...question.options.map((option) => quizUnitKey(question.itemId, 'options', option.itemId)),
  quizUnitKey(question.itemId, 'explanation'),
];

/**
 * The published quiz's texts for readers of `locale`: the published translation's current texts
 * (as the film page gets them), the page's language for a text without one, or everything in the
 * page's language when the film has no published translation into `locale`.
 */
export async function quizTexts(slug: string, locale: string): Promise<QuizTexts> {
  const own = defaultLocale();
  const texts = locale === own ? null : await getPublishedTranslationTexts(slug, locale);
  return {
    published: texts !== null,
    languageOf: (questions) =>
      texts && questions.some((question) => questionUnitKeys(question).some((key) => texts[key] !== undefined)) ? locale : own,
    // Without a published translation the quiz is all in the page's language, which its language says: nothing to mark.
    ...textsInLanguage((key, source) => (texts ? texts[key] : source), own),
  };
}
