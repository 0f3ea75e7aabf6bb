import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { GET } from './route';

const get = (query: string, cookie?: string) =>
  GET(new NextRequest(`http://localhost/spoilers?${query}`, { headers: cookie ? { cookie: `spoilers=${cookie}` } : {} }));

const cookieOf = (response: Response) => /spoilers=([^;]*)/u.exec(response.headers.get('set-cookie') ?? '')?.[1];

describe('GET /spoilers', () => {
  it('sets one film’s level, keeps the others, and goes back to the section', async () => {
    const response = await get('level=full&film=kiss-and-cry&return=%2Ffilms%2Fkiss-and-cry%23timeline', 'light~other.none');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/films/kiss-and-cry#timeline');
    expect(cookieOf(response)).toBe('light~kiss-and-cry.full~other.none');
  });

  it('sets every film’s level with films=all, the default level without a film', async () => {
    expect(cookieOf(await get('level=light&films=all&return=/', 'none~kiss-and-cry.full'))).toBe('light');
    expect(cookieOf(await get('level=light&return=/', 'none~kiss-and-cry.full'))).toBe('light~kiss-and-cry.full');
  });

  it('refuses a film that is not a slug, and changes nothing', async () => {
    const response = await get('level=full&film=..%2Fx&return=/');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ path: 'film' }] });
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a level that is none, or none given, and keeps the reader’s choice', async () => {
    for (const query of ['level=bogus&return=/', 'return=/', 'level=FULL&film=kiss-and-cry&return=/']) {
      const response = await get(query, 'full~kiss-and-cry.light');
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toMatchObject({ errors: [{ path: 'level' }] });
      expect(response.headers.get('set-cookie'), query).toBeNull();
    }
  });
});
