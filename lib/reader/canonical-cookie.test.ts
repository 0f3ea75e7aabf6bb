import { parseCookie } from '@edge-runtime/cookies';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalSpoilersCookie, decideReaderLevel, parseLevelCookie } from './level-cookie.mjs';
import { chooseLevel, serializeLevelCookie, type LevelTarget } from './reader-level';
import { SPOILER_LEVELS } from '../spoilers/levels';
import { DEMO_SLUG } from '../../e2e/reader-demo';
// Attacker-shaped headers, those the cache-poisoning tests send (scripts/ops/reader-level-cache.int.test.ts).
import { cookieHeader as crafted } from '../../test-support/crafted-cookies';

const FILM = DEMO_SLUG;

/** What deploy/varnish.vcl hashes on: the value of the last `spoilers=` at the start or after a `;` and spaces. */
function varnishValue(header: string): string | null {
  const match = /^(?:.*;)? *spoilers=([^;]*)/s.exec(header);
  return match ? match[1] : null;
}

/** What nginx's `$cookie_spoilers` reads: the first `spoilers=` at the start or after `;` or `,` and spaces or tabs. */
function nginxValue(header: string): string | null {
  const match = /(?:^|[;,])[ \t]*spoilers=([^;,]*)/.exec(header);
  return match ? match[1] : null;
}

// What the site writes, among other cookies a browser sends.
const choices = fc
  .array(fc.tuple(fc.constantFrom(...SPOILER_LEVELS), fc.constantFrom<LevelTarget>('every-film', 'default', { film: FILM })), {
    minLength: 1,
    maxLength: 4,
  })
  .map((steps) => steps.reduce((c, [level, target]) => chooseLevel(c, level, target), parseLevelCookie('')));
const written = fc
  .tuple(choices, fc.array(fc.constantFrom('a=1', 'next-auth.csrf-token=x%7Cy', '_ga=GA1.2.3'), { maxLength: 2 }), fc.nat(2))
  .map(([c, others, at]) => {
    const pairs: string[] = [...others];
    pairs.splice(Math.min(at, pairs.length), 0, `spoilers=${serializeLevelCookie(c)}`);
    return pairs.join('; ');
  });
const ADDRESSES = [`/films/${FILM}`, `/films/${FILM}/quiz`, '/people/someone', '/search?q=skating', '/'];

describe('canonicalSpoilersCookie', () => {
  it('takes what the site writes, alone or among other cookies, and no cookie at all', () => {
    expect(canonicalSpoilersCookie(undefined)).toEqual({ value: null });
    expect(canonicalSpoilersCookie('a=1; b=2')).toEqual({ value: null });
    expect(canonicalSpoilersCookie(`a=1; spoilers=light~${FILM}.full`)).toEqual({ value: `light~${FILM}.full` });
    expect(canonicalSpoilersCookie(['a=1', 'spoilers=full'])).toEqual({ value: 'full' });
    // Written when no choice is left: read as none by every parser.
    expect(canonicalSpoilersCookie('spoilers=')).toEqual({ value: '' });
    fc.assert(
      fc.property(written, (header) => {
        expect(canonicalSpoilersCookie(header)).not.toBeNull();
      }),
    );
  });

  it('refuses every header another parser could read differently', () => {
    for (const header of [
      'spoilers=%66ull',
      `spoilers=${FILM}%2Efull`,
      'a=1;\tspoilers=full',
      'spoilers=full; spoilers=none',
      'spoilers=none; spoilers=full',
      'SPOILERS=full',
      'spoilers="full"',
      'spoilers =full',
      '%73poilers=full',
      'spoilers=full\t',
      'spoilers=FULL',
      ['spoilers=none', 'spoilers=full'],
    ])
      expect(canonicalSpoilersCookie(header), JSON.stringify(header)).toBeNull();
  });

  it('whenever it says canonical, the app, a Varnish regex and nginx read the same value, and the level depends on that value only', () => {
    fc.assert(
      fc.property(fc.oneof(crafted, written), fc.constantFrom(...ADDRESSES), (header, address) => {
        const canonical = canonicalSpoilersCookie(header);
        if (canonical === null) return;
        const app = parseCookie(header).get('spoilers') ?? null;
        expect(app, header).toBe(canonical.value);
        expect(varnishValue(header), header).toBe(canonical.value);
        expect(nginxValue(header), header).toBe(canonical.value);
        const keyed = canonical.value === null ? undefined : `spoilers=${canonical.value}`;
        expect(decideReaderLevel(address, header)).toEqual(decideReaderLevel(address, keyed));
      }),
      { numRuns: 2000 },
    );
  });
});
