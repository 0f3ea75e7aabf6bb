import { describe, expect, it } from 'vitest';
import { emptyFilmContent } from '../content/schema';
import { sampleFilm } from '../../test-support/sample-film';
import { formatPage } from '../page-format';
import { importText, withoutQuizFor } from './index';

describe('importText', () => {
  const content = { ...emptyFilmContent('Test Film'), releaseYear: 2001, premise: 'A premise.' };

  it('reads a JSON export losslessly', () => {
    expect(importText(JSON.stringify(content))).toEqual({ ok: true, format: 'json', content, warnings: [] });
    expect(importText(`\uFEFF  \n${JSON.stringify(content)}`)).toMatchObject({ ok: true, format: 'json' });
  });

  it('names each wrong JSON field by its path', () => {
    const wrong = {
      ...content,
      slug: 'Not A Slug',
      events: [{ id: 'e1', title: '' }],
      quiz: { questions: [{ id: 'q1', prompt: 'Q?', options: [] }] },
    };
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
    expect(result).toMatchObject({
      ok: false,
      format: 'json',
      errors: [{ path: '(root)', message: expect.stringMatching(/^Not valid JSON/u) }],
    });
  });

  it('reads a page in the page format, with its warnings', () => {
    const page = `Menu\n${formatPage(content)}`;
    expect(importText(page)).toEqual({
      ok: true,
      format: 'text',
      content,
      warnings: [{ line: 1, kind: 'unplaced', message: 'Text before the first section, skipped: “Menu”' }],
      quizLine: page.split('\n').indexOf('Quiz') + 1,
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

describe('withoutQuizFor', () => {
  const page = formatPage(sampleFilm({ slug: 'quiz-film', title: 'Quiz Film' }));
  const imported = importText(page);
  if (!imported.ok) throw new Error('the sample page must import');

  it('keeps the quiz for someone who may edit quizzes', () => {
    expect(withoutQuizFor(true, imported)).toEqual({ content: imported.content, warnings: imported.warnings });
  });

  it('leaves the quiz out for anyone else, with a warning at the quiz heading, and leaves the import result as it was', () => {
    const { content, warnings } = withoutQuizFor(false, imported);
    expect(content.quiz.questions).toEqual([]);
    expect({ ...content, quiz: imported.content.quiz }).toEqual(imported.content);
    expect(warnings).toEqual([
      ...imported.warnings,
      {
        line: page.split('\n').indexOf('Quiz') + 1,
        kind: 'skipped',
        message: expect.stringContaining('The quiz (2 questions) was left out'),
      },
    ]);
    expect(imported.content.quiz.questions).toHaveLength(2);
  });

  it('has nothing to say about a page without a quiz', () => {
    const noQuiz = importText(formatPage(emptyFilmContent('No Quiz')));
    if (!noQuiz.ok) throw new Error('must import');
    expect(withoutQuizFor(false, noQuiz).warnings).toEqual(noQuiz.warnings);
  });
});
