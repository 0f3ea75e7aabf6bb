import { describe, expect, it } from 'vitest';
import { KNOWN_DEVICE_COOKIE, knownDevice, knownDeviceCookieValue, rememberKnownDevice, withKnownDeviceCookie } from './known-device';

const withCookie = (value: string) => new Headers({ cookie: `other=1; ${KNOWN_DEVICE_COOKIE}=${value}` });

describe('known device', () => {
  it("names only the user it was made for; keeps the user's entry and others'", () => {
    const first = knownDeviceCookieValue(new Headers(), 'user-a');
    const nonce = knownDevice(withCookie(first), 'user-a');
    expect(nonce).toMatch(/^[\w-]{22}$/);
    expect(knownDevice(withCookie(first), 'user-b')).toBeNull();
    expect(knownDevice(withCookie(first.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))), 'user-a')).toBeNull();
    const both = knownDeviceCookieValue(withCookie(first), 'user-b');
    expect(knownDevice(withCookie(both), 'user-a')).toBe(nonce);
    expect(knownDevice(withCookie(both), 'user-b')).not.toBeNull();
    expect(knownDeviceCookieValue(withCookie(both), 'user-a').split('~')).toEqual([first, both.split('~')[0]]);
  });

  it('is set on a response that signed someone in (Secure like the session cookie), and on no other', async () => {
    const signedIn = (session: string) => async () => {
      rememberKnownDevice('n.m');
      return new Response(null, { status: 302, headers: [['set-cookie', `${session}=jwt; Path=/; HttpOnly`]] });
    };
    const plain = await withKnownDeviceCookie(signedIn('next-auth.session-token'));
    expect(plain.headers.getSetCookie()).toContain(`${KNOWN_DEVICE_COOKIE}=n.m; Path=/api/auth; Max-Age=31536000; HttpOnly; SameSite=Lax`);
    const secure = await withKnownDeviceCookie(signedIn('__Secure-next-auth.session-token'));
    expect(secure.headers.getSetCookie().find((c) => c.startsWith(KNOWN_DEVICE_COOKIE))).toMatch(/; Secure$/);
    const refused = await withKnownDeviceCookie(signedIn('next-auth.csrf-token'));
    expect(refused.headers.getSetCookie().some((c) => c.startsWith(KNOWN_DEVICE_COOKIE))).toBe(false);
  });
});
