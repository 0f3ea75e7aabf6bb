import fc from 'fast-check';
import type { FilmContent } from '../../lib/content/schema';
import { translationUnits } from '../../lib/translations/translation-units';
import { isQuizUnit } from '../../lib/translations/unit-key';

/**
 * A generated translation of a generated film (scripts/seed-bulk/generate-film.ts) into French:
 * every text of the page but the quiz's (the admins' in every language), each French prose of
 * about the source's length, words in a skewed frequency as real text has, so French search
 * (stemming: "chevaux" finds "cheval") has common and rare words to find across a catalogue.
 * Deterministic: film `n` always gets the same texts (fast-check, seeded with `n`).
 */

const VOCABULARY = (
  'le la les un une des et de du à dans sur avec pour sans après avant chez vers ' +
  'maison ville village famille ami amie père mère sœur frère fille fils équipe entraîneur rival ' +
  'nuit matin hiver été année jour semaine saison route train rivière école hôpital port ' +
  'trouve quitte revient perd gagne apprend cache rencontre suit découvre retrouve combat ' +
  'secret lettre promesse dette accident tempête incendie mariage procès concours cheval chevaux ' +
  'vieux jeune calme fatigué courageux têtu prudent doux amer seul seule ensemble encore ' +
  'musique danse peinture patinage boxe échecs cuisine voile escalade course chant ' +
  'guerre paix argent amour deuil confiance peur mémoire liberté silence travail chance ' +
  'désert île montagne vallée usine frontière prison théâtre marché phare verger ' +
  'inspecteur médecin professeur pilote soldat avocat infirmière chanteuse peintre marin ' +
  'volé brisé caché oublié dernier premier disparu lointain toujours jamais lentement enfin'
).split(' ');

const skewed = <T>(items: readonly T[]) =>
  fc.noBias(fc.integer({ min: 0, max: 999_999 })).map((r) => items[Math.floor(items.length * (r / 1e6) ** 2)]);
const word = skewed(VOCABULARY);
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** French prose of `words` words (at least one), sentences of up to 14. */
const prose = (words: number, sentenceEnd: boolean) =>
  fc.array(word, { minLength: Math.max(1, words), maxLength: Math.max(1, words) }).map((all) => {
    const sentences: string[] = [];
    for (let i = 0; i < all.length; i += 14) sentences.push(capitalise(all.slice(i, i + 14).join(' ')));
    return sentenceEnd ? `${sentences.join('. ')}.` : sentences.join(' ');
  });

/** The French texts of film `n` (`content` is generateFilm(n, …)), by unit key, the quiz's left out. */
export function generateTranslation(content: FilmContent, n: number): Record<string, string> {
  const units = translationUnits(content).filter((unit) => !isQuizUnit(unit.key));
  const texts = fc.sample(
    fc.noBias(
      fc.tuple(...units.map((unit) => prose(unit.source.split(/\s+/u).length, unit.kind === 'long' || /[.!?]$/u.test(unit.source)))),
    ),
    { seed: n + 1, numRuns: 1 },
  )[0];
  return Object.fromEntries(units.map((unit, i) => [unit.key, texts[i]]));
}
