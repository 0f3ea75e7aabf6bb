import { describe, expect, it } from 'vitest';
import { signInErrorMessage, throttledCode } from './sign-in-errors';

describe('sign-in error messages', () => {
  it('say how long a locked sign-in waits, in whole minutes rounded up', () => {
    expect(signInErrorMessage(throttledCode(900))).toBe('Too many attempts, try again in 15 minutes.');
    expect(signInErrorMessage(throttledCode(61))).toBe('Too many attempts, try again in 2 minutes.');
    expect(signInErrorMessage(throttledCode(1))).toBe('Too many attempts, try again in 1 minute.');
  });

  it('one message for a wrong email or password, whatever else the code says', () => {
    expect(signInErrorMessage('CredentialsSignin')).toBe('Wrong email or password.');
    expect(signInErrorMessage('TooManyAttempts:abc')).toBe('Wrong email or password.');
    expect(signInErrorMessage(null)).toBe('Wrong email or password.');
  });
});
