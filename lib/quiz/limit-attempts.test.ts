import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../rate-limit/memory-rate-limiter';
import { anonymousClientKey, clientAddress } from '../rate-limit/client-key';
import { RateLimitError } from '../errors';
import { limitAttempts, QUIZ_ATTEMPT_LIMIT } from './limit-attempts';

const headers = (values: Record<string, string>) => new Headers(values);

describe('limitAttempts', () => {
  it(`allows ${QUIZ_ATTEMPT_LIMIT.limit} attempts per window, then refuses with the time to wait`, async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter({ limit: QUIZ_ATTEMPT_LIMIT.limit + 1, windowMs: QUIZ_ATTEMPT_LIMIT.windowMs }, () => now);
    const client = headers({ 'x-forwarded-for': '192.0.2.1' });
    for (let i = 0; i < QUIZ_ATTEMPT_LIMIT.limit; i++) await limitAttempts(client, limiter);
    const error = await limitAttempts(client, limiter).catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBe(60);

    now += 45_000;
    expect(((await limitAttempts(client, limiter).catch((e) => e)) as RateLimitError).retryAfterSeconds).toBe(15);
    // Another client is counted apart; a new window starts afresh.
    await expect(limitAttempts(headers({ 'x-forwarded-for': '192.0.2.2' }), limiter)).resolves.toMatchObject({
      limit: QUIZ_ATTEMPT_LIMIT.limit,
      state: { limited: false },
    });
    now += 15_000;
    await expect(limitAttempts(client, limiter)).resolves.toMatchObject({ state: { limited: false } });
  });
});

describe('client keys', () => {
  it('take the last X-Forwarded-For entry, else X-Real-IP', () => {
    expect(clientAddress(headers({ 'x-forwarded-for': '1.1.1.1, 10.0.0.2' }))).toBe('10.0.0.2');
    expect(clientAddress(headers({ 'x-real-ip': ' 10.0.0.3 ' }))).toBe('10.0.0.3');
    expect(clientAddress(headers({}))).toBe('unknown');
  });

  it('never contain the address, and differ by scope and address', () => {
    const key = anonymousClientKey(headers({ 'x-forwarded-for': '192.0.2.55' }), 'quiz-attempt');
    expect(key).not.toContain('192.0.2.55');
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(anonymousClientKey(headers({ 'x-forwarded-for': '192.0.2.55' }), 'quiz-attempt')).toBe(key);
    expect(anonymousClientKey(headers({ 'x-forwarded-for': '192.0.2.56' }), 'quiz-attempt')).not.toBe(key);
    expect(anonymousClientKey(headers({ 'x-forwarded-for': '192.0.2.55' }), 'sign-in')).not.toBe(key);
  });
});
