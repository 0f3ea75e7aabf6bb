import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryFilmContent } from '../../test-support/arbitrary-content';
import { sampleFilm } from '../../test-support/sample-film';
import { partWords } from '../i18n/reader-text';
import { SPOILER_LEVELS } from '../spoilers/levels';
import { visibleFilm, visibleFilmUpTo } from '../spoilers/visible-film';
import { HEADED_PARTS } from './parts';
import { LEDE_SECTIONS } from './reader-lines';

/** Sections with no line under their heading: the facts box, the images and the quiz teaser. */
const WITHOUT_A_LINE = ['facts', 'images', 'quiz'];

describe('the lines under the reader page’s headings', () => {
  it('cover every headed part that has a line, so a new part gets one in every language', () => {
    expect([...LEDE_SECTIONS].sort()).toEqual(
      HEADED_PARTS.map((part) => part.id)
        .filter((id) => !WITHOUT_A_LINE.includes(id))
        .sort(),
    );
  });

  it('say in French what the English line says, from what the reader was given, at each level and point', () => {
    const film = sampleFilm();
    const [en, fr] = [partWords('en').lede, partWords('fr').lede];
    const none = visibleFilm(film, 'none');
    expect(fr('timeline', none)).toBe(
      '3 événements clés dans l’ordre où ils arrivent, à partir de « Arrival NONEWORD ». 1 est affiché à ce niveau de divulgâchage. 1 événement nomme un lieu, 1 lieu en tout.',
    );
    expect(fr('themes', none)).toBe('2 idées auxquelles l’histoire revient sans cesse, dont Sport.');
    expect(fr('trivia', none)).toBe('2 anecdotes sur Sample Film, 1 affichée à ce niveau de divulgâchage.');
    expect(fr('kind', none)).toBe('Ton : bittersweet ; rythme : steady ; récit : straightforward, d’après le résumé de l’intrigue.');
    expect(fr('story', none)).toMatch(
      /^L’histoire complète de Sample Film, de la première à la dernière scène, en \d+ mots .*n’est montrée qu’avec « Tout révéler »\.$/u,
    );
    const noTone = visibleFilm({ ...film, kind: { ...film.kind, tone: { value: '', spoiler: 'none' } } }, 'none');
    expect(fr('kind', noTone)).toBe('Rythme : steady ; récit : straightforward, d’après le résumé de l’intrigue.');
    const full = visibleFilm(film, 'full');
    expect(fr('timeline', full)).toBe(
      '3 événements clés dans l’ordre où ils arrivent, de « Arrival NONEWORD » à « Ending FULLWORD ». 3 événements nomment un lieu, 2 lieux en tout.',
    );
    expect(fr('trivia', full)).toBe('2 anecdotes sur Sample Film.');
    expect(fr('timeline', visibleFilmUpTo(film, null, 1))).toMatch(/jusqu’à ce point/u);

    // Nothing above the reader's level is in any line, in either language; each has a line where the other has one.
    for (const level of SPOILER_LEVELS) {
      const shown = visibleFilm(film, level);
      const above = level === 'none' ? /LIGHTWORD|FULLWORD/u : level === 'light' ? /FULLWORD/u : null;
      for (const section of LEDE_SECTIONS) {
        const [english, french] = [en(section, shown), fr(section, shown)];
        expect(Boolean(french), `${section} at ${level}`).toBe(Boolean(english));
        if (above) expect(`${english ?? ''} ${french ?? ''}`, `${section} at ${level}`).not.toMatch(above);
        expect(french ?? '').not.toMatch(/[{}#]/u);
      }
    }
  });

  it('has a French line wherever English has one, for any page and level, and leaves no message syntax in it', () => {
    fc.assert(
      fc.property(arbitraryFilmContent, fc.constantFrom(...SPOILER_LEVELS), (content, level) => {
        const film = visibleFilm(content, level);
        for (const section of LEDE_SECTIONS) {
          const french = partWords('fr').lede(section, film);
          expect(Boolean(french), section).toBe(Boolean(partWords('en').lede(section, film)));
          expect(french ?? '').not.toMatch(/\{|\}|undefined/u);
        }
      }),
      { numRuns: 150 },
    );
  });
});
