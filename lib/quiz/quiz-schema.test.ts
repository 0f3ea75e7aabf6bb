import { describe, expect, it } from 'vitest';
import { answerFieldName, attemptFromFormData, attemptInputSchema, quizFormSchema } from './quiz-schema';

describe('the no-JavaScript form', () => {
  it('reads answers[questionId] fields into the API shape and ignores the rest', () => {
    const form = new URLSearchParams();
    form.set(answerFieldName('q1'), 'q1b');
    form.set(answerFieldName('q-2_x'), 'q2a');
    form.set('spoilers', 'light');
    form.set('answers', 'nope');
    expect(attemptFromFormData(form)).toEqual({ answers: { q1: 'q1b', 'q-2_x': 'q2a' } });
    expect(attemptFromFormData(new FormData())).toEqual({ answers: {} });
  });
});

describe('attemptInputSchema', () => {
  it('wants at least one answer, with item ids as keys and values', () => {
    expect(attemptInputSchema.safeParse({ answers: { q1: 'q1a' } }).success).toBe(true);
    expect(attemptInputSchema.safeParse({ answers: {} }).success).toBe(false);
    expect(attemptInputSchema.safeParse({ answers: { q1: '' } }).success).toBe(false);
    expect(attemptInputSchema.safeParse({ answers: { 'q 1': 'a' } }).success).toBe(false);
    expect(attemptInputSchema.safeParse({ answers: { q1: ['a'] } }).success).toBe(false);
  });
});

describe('quizFormSchema (the admin form’s resolver)', () => {
  const question = (overrides: object = {}) => ({
    id: 'q1',
    prompt: 'Where?',
    options: [
      { id: 'a', text: 'Here', correct: true },
      { id: 'b', text: 'There', correct: false },
    ],
    explanation: '',
    spoiler: 'none',
    ...overrides,
  });
  const issues = (quiz: unknown) => {
    const result = quizFormSchema.safeParse(quiz);
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('accepts a valid quiz and applies defaults (new questions are full spoilers)', () => {
    const parsed = quizFormSchema.parse({ questions: [{ ...question(), spoiler: undefined, explanation: undefined }] });
    expect(parsed.questions[0]).toMatchObject({ spoiler: 'full', explanation: '' });
  });

  it('puts each error where the form shows it', () => {
    expect(issues({ questions: [question({ prompt: ' ' })] })).toEqual([['questions.0.prompt', 'Prompt is required']]);
    expect(
      issues({
        questions: [
          question({
            options: [
              { id: 'a', text: 'Here' },
              { id: 'b', text: 'There' },
            ],
          }),
        ],
      }),
    ).toEqual([['questions.0.options', 'Mark exactly one option as correct']]);
    expect(
      issues({
        questions: [
          question({
            options: [
              { id: 'a', text: 'Here', correct: true },
              { id: 'b', text: 'here ', correct: false },
            ],
          }),
        ],
      }),
    ).toEqual([['questions.0.options.1.text', 'Options must differ']]);
    expect(
      issues({
        questions: [
          question({
            options: [
              { id: 'a', text: 'A', correct: true },
              { id: 'b', text: 'B', correct: true },
            ],
          }),
        ],
      }),
    ).toEqual([['questions.0.options', 'Mark exactly one option as correct']]);
    const seven = Array.from({ length: 7 }, (_, i) => ({ id: `o${i}`, text: `Option ${i}`, correct: i === 0 }));
    expect(issues({ questions: [question({ options: seven })] })).toEqual([['questions.0.options', 'Give at most 6 options']]);
    expect(issues({ questions: [question(), question()] })).toEqual([['questions.1.id', 'Duplicate id']]);
  });
});
