import { describe, expect, it } from 'vitest';
import { signOutEverywhereSchema } from './user-schema';

describe('signOutEverywhereSchema', () => {
  it('takes only an explicit confirmation: no stray call (no arguments, an empty object, other fields) ends every session', () => {
    expect(signOutEverywhereSchema.safeParse({ confirm: true }).success).toBe(true);
    for (const input of [
      undefined,
      null,
      {},
      { confirm: 'true' },
      { confirm: true, userId: 'x' },
      JSON.parse('{"__proto__":{"role":"ADMIN"}}'),
      [1],
    ])
      expect(signOutEverywhereSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
  });
});
