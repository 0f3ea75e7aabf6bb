import { describe, expect, it } from 'vitest';
import { emptyFilmContent } from '../content/schema';
import { formatPage, importText } from './index';

describe('importText', () => {
  const content = { ...emptyFilmContent('Test Film'), releaseYear: 2001, premise: 'A premise.' };

  it('reads a JSON export losslessly', () => {
    expect(importText(JSON.stringify(content))).toEqual({ ok: true, format: 'json', content, warnings: [] });
    expect(importText(`\uFEFF  \n${JSON.stringify(content)}`)).toMatchObject({ ok: true, format: 'json' });
  });

  it('names each wrong JSON field by its path', () => {
    const wrong = { ...content, slug: 'Not A Slug', events: [{ id: 'e1', title: '' }], quiz: { questions: [{ id: 'q1', prompt: 'Q?', options: [] }] } };
    const result = importText(JSON.stringify(wrong));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.format).toBe('json');
    expect(result.errors).toEqual([
      { path: 'slug', message: 'Use lowercase letters, digits and single hyphens' },
      { path: 'events.0.title', message: 'Title is required' },
      { path: 'quiz.questions.0.options', message: 'Give at least 2 options' },
      { path: 'quiz.questions.0.options', message: 'Mark exactly one option as correct' },
    ]);
  });

  it('says when the JSON cannot be read at all', () => {
    const result = importText('{ "title": ');
    expect(result).toMatchObject({ ok: false, format: 'json', errors: [{ path: '(root)', message: expect.stringMatching(/^Not valid JSON/u) }] });
  });

  it('reads a page in the page format, with its warnings', () => {
    const page = `Menu\n${formatPage(content)}`;
    expect(importText(page)).toEqual({
      ok: true,
      format: 'text',
      content,
      warnings: [{ line: 1, kind: 'unplaced', message: 'Text before the first section, skipped: “Menu”' }],
    });
  });

  it('fails a page without a title, naming the line', () => {
    expect(importText('Just some notes')).toEqual({
      ok: false,
      format: 'text',
      errors: [{ line: 1, kind: 'invalid', message: expect.stringContaining('No title found') }],
    });
  });
});
