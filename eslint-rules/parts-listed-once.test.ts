import tsParser from '@typescript-eslint/parser';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { partsListedOnce } from './parts-listed-once.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const listed = (parts: string) => [{ messageId: 'listed', data: { count: parts.split(', ').length, parts } }];

new RuleTester().run('parts-listed-once', partsListedOnce, {
  valid: [
    'const n = film.events.length + film.themes.length;',
    'const film = { title: t, slug: s, releaseYear: y, kind: k, story: x };',
    // Comments, leading or trailing, do not count.
    '// events, characters, themes\nconst a = 1; // c.trivia c.quiz c.setting',
    '/* c.events, c.characters, c.themes */ const b = 2;',
  ],
  invalid: [
    { code: 'for (const list of [c.events, c.characters, c.trivia]) count(list);', errors: listed('timeline, characters, trivia') },
    { code: "const sections = ['premise', 'story', 'setting', 'quiz'];", errors: listed('premise, story, setting, quiz') },
    { code: 'const page = { stills: [], themes: [], facts: {} };', errors: listed('facts, themes, images') },
  ],
});

// The code it runs on: TypeScript and TSX.
new RuleTester({ languageOptions: { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } } }).run(
  'parts-listed-once (TypeScript)',
  partsListedOnce,
  {
    valid: ['export const n = (c: { events: E[]; themes: T[] }): number => c.events.length + c.themes.length;'],
    invalid: [
      {
        code: 'type Page = { events: E[]; characters: C[] };\nexport const Trivia = (p: Page & { trivia?: X[] }) => <p>{p.trivia?.length}</p>;',
        errors: listed('timeline, characters, trivia'),
      },
    ],
  },
);
