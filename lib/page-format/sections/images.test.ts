import { describe, expect, it } from 'vitest';
import { sampleFilm } from '../../../test-support/sample-film';
import { formatPage } from '../format-page';
import { parsePage } from '../parse-page';

const A = '0123456789abcdef0123456789abcdef';
const B = 'fedcba9876543210fedcba9876543210';

describe('page format: poster and stills', () => {
  it('writes the section only for a page with images, before the quiz, naming each image by its address', () => {
    expect(formatPage(sampleFilm())).not.toContain('Poster and Stills');
    const text = formatPage(
      sampleFilm({
        poster: { image: A, alt: 'Carley on the ice', spoiler: 'none' },
        stills: [
          { id: 's1', image: B, alt: 'The rink at dawn', caption: '', spoiler: 'full' },
          { id: 'ending', image: A, alt: 'The final jump', caption: 'The ending', spoiler: 'light' },
        ],
      }),
    );
    const section = text.slice(text.indexOf('Poster and Stills From Sample Film'), text.indexOf('\nQuiz'));
    expect(section.trim().split('\n')).toEqual([
      'Poster and Stills From Sample Film',
      `Poster: /media/${A} [spoiler: none]`,
      'Alt: Carley on the ice',
      `Still: /media/${B}`,
      'Alt: The rink at dawn',
      `Still: /media/${A} [spoiler: light · id: ending]`,
      'Alt: The final jump',
      'Caption: The ending',
    ]);
  });

  it('reads an image named by a full address of one of its files or by its bare id', () => {
    const page = [
      'What Is Sample Film About?',
      'A skater returns home.',
      'Poster and Stills From Sample Film',
      `Poster: https://films.example.com/media/${A}/w640.webp [spoiler: light]`,
      'Alt: The poster',
      `Still: ${B}`,
      'Alt: A still',
    ].join('\n');
    const { content, warnings } = parsePage(page);
    expect(warnings).toEqual([]);
    expect(content.poster).toEqual({ image: A, alt: 'The poster', spoiler: 'light' });
    expect(content.stills).toEqual([{ id: 's1', image: B, alt: 'A still', caption: '', spoiler: 'full' }]);
  });

  it('leaves out a poster or still without an image or alt text, with a warning on its line', () => {
    const page = [
      'What Is Sample Film About?',
      'Poster and Stills From Sample Film',
      'Poster: https://elsewhere.example/poster.jpg',
      'Alt: No image here',
      `Still: /media/${B}`,
      `Still: /media/${A}`,
      'Alt: Has alt text',
    ].join('\n');
    const { content, warnings } = parsePage(page);
    expect(content.poster).toBeNull();
    expect(content.stills.map((s) => s.image)).toEqual([A]);
    expect(warnings.map((w) => w.line)).toEqual([3, 3, 5]);
    expect(warnings[0].message).toMatch(/names no uploaded image/);
    expect(warnings[2].message).toMatch(/still was left out: Alt text is required/);
  });
});
