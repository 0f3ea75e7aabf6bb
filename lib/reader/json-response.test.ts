import { describe, expect, it } from 'vitest';
import { cachedJson } from './json-response';

const answer = (ifNoneMatch?: string) =>
  cachedJson(new Request('http://localhost/api/v1/films', { headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} }), {
    films: ['a'],
  });

describe('cachedJson', () => {
  it('answers 304 without a body to its own ETag, weak or in a list, and to *', async () => {
    const etag = answer().headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*', '"other", *']) {
      const response = answer(header);
      expect(response.status, header).toBe(304);
      expect(await response.text(), header).toBe('');
      expect(response.headers.get('etag'), header).toBe(etag);
    }
  });

  it('answers 200 with the body to any other tag', async () => {
    for (const header of ['"other"', 'W/"other"', '']) {
      const response = answer(header);
      expect(response.status, header).toBe(200);
      expect(JSON.parse(await response.text()), header).toEqual({ films: ['a'] });
    }
  });
});
