import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameContent } from './same-content';
import { sampleFilm } from '../../test-support/sample-film';

/** The same value with every object's keys in another order (reversed, or shuffled by the seed). */
function reorderKeys(value: unknown, order: (keys: string[]) => string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => reorderKeys(item, order));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const byKey = new Map(entries);
  return Object.fromEntries(order(entries.map(([key]) => key)).map((key) => [key, reorderKeys(byKey.get(key), order)]));
}

/** The same value with every object key whose value is undefined removed. */
function dropUndefinedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropUndefinedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, dropUndefinedKeys(v)]),
  );
}

// JSON-like values, with `undefined` allowed as an object value (what forms produce).
const contentLike = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false, 0, -0, 1, Number.NaN, '', 'a'),
    fc.string({ maxLength: 6 }),
    fc.integer(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 4 }), fc.option(tie('value'), { nil: undefined }), { maxKeys: 5 }),
  ),
})).value;

const shuffle = (seed: number) => (keys: string[]) =>
  keys
    .map((key, i) => ({ key, rank: (Math.imul(seed ^ (i + 1), 2654435761) >>> 0) % 1009 }))
    .sort((x, y) => x.rank - y.rank)
    .map((x) => x.key);

describe('sameContent', () => {
  it('is reflexive, NaN included', () => {
    fc.assert(fc.property(contentLike, (value) => sameContent(value, value) && sameContent(value, structuredClone(value))));
  });

  it('does not care about the order of keys', () => {
    fc.assert(
      fc.property(contentLike, fc.integer(), (value, seed) => {
        expect(
          sameContent(
            value,
            reorderKeys(value, (keys) => [...keys].reverse()),
          ),
        ).toBe(true);
        expect(sameContent(reorderKeys(value, shuffle(seed)), value)).toBe(true);
      }),
    );
  });

  it('treats a key whose value is undefined as a missing key (as JSON does)', () => {
    fc.assert(
      fc.property(contentLike, (value) => sameContent(value, dropUndefinedKeys(value)) && sameContent(dropUndefinedKeys(value), value)),
    );
    expect(sameContent({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameContent({ a: 1 }, { a: 1, b: { c: undefined } })).toBe(false);
  });

  it('is symmetric and agrees with JSON for values without NaN or undefined', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(sameContent(a, b)).toBe(sameContent(b, a));
        // jsonValue gives -0, which JSON writes as 0; sameContent, like ===, equates them too.
        const canonical = (v: unknown) => JSON.stringify(reorderKeys(v, (keys) => [...keys].sort()));
        expect(sameContent(a, b)).toBe(canonical(a) === canonical(b));
      }),
    );
  });

  it('sees any one change in a page', () => {
    const page = sampleFilm();
    expect(sameContent(page, structuredClone(page))).toBe(true);
    const changed = structuredClone(page);
    changed.events[1].spoiler = changed.events[1].spoiler === 'full' ? 'none' : 'full';
    expect(sameContent(page, changed)).toBe(false);
    expect(sameContent({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameContent(null, {})).toBe(false);
    expect(sameContent(null, undefined)).toBe(false);
    expect(sameContent([], {})).toBe(false);
    expect(sameContent(Number.NaN, Number.NaN)).toBe(true);
    expect(sameContent(0, Number.NaN)).toBe(false);
  });
});
