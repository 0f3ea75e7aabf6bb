import { describe, expect, it } from 'vitest';
import { checkTranslationTexts, translationUnits } from '../../lib/translations/translation-units';
import { isQuizUnit } from '../../lib/translations/unit-key';
import { generateFilm } from './generate-film';
import { generateTranslation } from './generate-translation';

describe('the bulk catalogue’s generated French translations', () => {
  const films = Array.from({ length: 20 }, (_, n) => generateFilm(n, 20));

  it('translate every text of the page but the quiz’s, as a translation the editor would accept, the same for the same film', () => {
    for (const [n, film] of films.entries()) {
      const texts = generateTranslation(film, n);
      expect(Object.keys(texts).sort()).toEqual(
        translationUnits(film)
          .map((unit) => unit.key)
          .filter((key) => !isQuizUnit(key))
          .sort(),
      );
      expect(checkTranslationTexts(film, texts, 'texts').problems).toEqual([]);
      expect(Object.values(texts).every((text) => text.trim().length > 0)).toBe(true);
    }
    expect(generateTranslation(films[3], 3)).toEqual(generateTranslation(generateFilm(3, 20), 3));
  });

  it('write French words, never the page’s English', () => {
    const texts = Object.values(generateTranslation(films[0], 0)).join(' ');
    expect(texts).toMatch(/\b(?:le|la|les|une|avec|dans)\b/u);
    expect(translationUnits(films[0]).filter((unit) => unit.source.length > 30 && texts.includes(unit.source))).toEqual([]);
  });
});
