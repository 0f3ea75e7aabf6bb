import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { refusedAuthBody, refusedAuthRequest } from './auth-route-guard';

const ask = (method: string, path: string, headers: Record<string, string> = {}) => {
  const request = new NextRequest(`http://127.0.0.1:3000${path}`, { method, headers: { host: '127.0.0.1:3000', ...headers } });
  return refusedAuthRequest(request, request.nextUrl.pathname.split('/').slice(3));
};

describe('next-auth route guard', () => {
  it('GET to the credentials callback is a 405 naming POST; unknown actions a 404', () => {
    expect(ask('GET', '/api/auth/callback/credentials')).toMatchObject({ status: 405, headers: { Allow: 'POST' } });
    expect(ask('GET', '/api/auth/nope')).toMatchObject({ status: 404 });
    expect(ask('PUT', '/api/auth/session')).toMatchObject({ status: 405 });
  });

  it('a callbackUrl or callback-url cookie off this site is a 400', () => {
    for (const value of [
      'http://127.0.0.1:3000.evil.example/',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'http://127.0.0.1:3000/\u0000',
    ]) {
      expect(ask('GET', `/api/auth/signin?callbackUrl=${encodeURIComponent(value)}`), value).toMatchObject({ status: 400 });
      expect(ask('GET', '/api/auth/session', { cookie: `next-auth.callback-url=${encodeURIComponent(value)}` }), value).toMatchObject({
        status: 400,
      });
    }
  });

  it('what the sign-in form and useSession send passes', () => {
    expect(ask('GET', '/api/auth/session')).toBeNull();
    expect(ask('GET', '/api/auth/csrf')).toBeNull();
    expect(ask('GET', `/api/auth/signin?callbackUrl=${encodeURIComponent('http://127.0.0.1:3000/editor?x=1')}`)).toBeNull();
    expect(ask('GET', '/api/auth/providers', { cookie: 'next-auth.callback-url=%2Feditor' })).toBeNull();
    expect(ask('POST', '/api/auth/callback/credentials')).toBeNull();
    expect(ask('POST', '/api/auth/signout')).toBeNull();
  });

  it('a POST body next-auth cannot parse: broken JSON is a 400, other types a 415; forms and good JSON pass', async () => {
    const post = (type: string, body: string) =>
      refusedAuthBody(
        new NextRequest('http://127.0.0.1:3000/api/auth/signin/credentials', { method: 'POST', headers: { 'content-type': type }, body }),
      );
    expect(await post('application/json', '%\u0001')).toMatchObject({ status: 400 });
    expect(await post('multipart/form-data; boundary=x', '--x--')).toMatchObject({ status: 415 });
    expect(await post('application/x-www-form-urlencoded', 'csrfToken=x&email=a')).toBeNull();
    expect(await post('application/json', '{"csrfToken":"x","data":{}}')).toBeNull();
  });
});
