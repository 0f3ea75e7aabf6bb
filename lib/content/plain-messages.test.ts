import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { filmContentSchema, fieldErrors } from './schema';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('validation messages in plain words', () => {
  it('word lengths, counts, numbers and missing values for a person', () => {
    expect(messagesOf(z.string().max(120), 'x'.repeat(121))).toEqual(['Use at most 120 characters']);
    expect(messagesOf(z.string().min(1), '')).toEqual(['This is required']);
    expect(messagesOf(z.array(z.string()).max(6), Array(7).fill('a'))).toEqual(['Use at most 6 items']);
    expect(messagesOf(z.array(z.string()).min(2), ['a'])).toEqual(['Add at least 2 items']);
    expect(messagesOf(z.number().max(10), 11)).toEqual(['Enter a number no larger than 10']);
    expect(messagesOf(z.number(), 'ten')).toEqual(['Enter a number']);
    expect(messagesOf(z.object({ a: z.string() }), {})).toEqual(['This is required']);
  });

  it('keep a schema’s own wording first: a release year out of range names the range', () => {
    const result = filmContentSchema.safeParse({ title: 'X', slug: 'x', releaseYear: 2500 });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual([{ path: 'releaseYear', message: 'Enter a year between 1870 and 2100' }]);
  });

  it('never show Zod’s default wording for the film page', () => {
    const result = filmContentSchema.safeParse({ title: '', slug: 'x', premise: 'y'.repeat(1_000_000), events: [{ title: '' }] });
    expect(result.success).toBe(false);
    for (const { message } of fieldErrors(result.error!)) expect(message).not.toMatch(/Too (big|small)|expected|Invalid input/u);
  });
});
