import { describe, expect, it } from 'vitest';
import { signRevalidation, verifyRevalidation } from './revalidation-signature';

describe('signed revalidation requests', () => {
  const secret = 'a-deployment-secret-of-at-least-32-chars';
  const body = JSON.stringify({ slugs: ['kiss-and-cry'] });
  const now = 1_800_000_000_000;
  const signature = signRevalidation(secret, now, body);

  it('accepts a request signed with the secret, over its time and body', () => {
    expect(verifyRevalidation(secret, String(now), signature, body, now + 1_000)).toBe(true);
  });

  it('refuses another secret, another body, a stale or future time, and missing or malformed headers', () => {
    expect(verifyRevalidation('another-secret-another-secret-another', String(now), signature, body, now)).toBe(false);
    expect(verifyRevalidation(secret, String(now), signature, JSON.stringify({ slugs: ['other'] }), now)).toBe(false);
    expect(verifyRevalidation(secret, String(now), signature, body, now + 6 * 60_000)).toBe(false);
    expect(verifyRevalidation(secret, String(now), signature, body, now - 6 * 60_000)).toBe(false);
    expect(verifyRevalidation(secret, null, signature, body, now)).toBe(false);
    expect(verifyRevalidation(secret, String(now), null, body, now)).toBe(false);
    expect(verifyRevalidation(secret, String(now), 'not-hex', body, now)).toBe(false);
    expect(verifyRevalidation(secret, 'soon', signature, body, now)).toBe(false);
  });
});
