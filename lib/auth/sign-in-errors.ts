/**
 * What the sign-in form shows for each `signIn(...).error` code. next-auth passes a thrown error's
 * message through as the code; a null user becomes "CredentialsSignin". One message for a wrong
 * email and a wrong password, so the form never reveals whether an email has an account.
 */
export const SIGN_IN_ERRORS = {
  disabled: 'AccountDisabled',
  throttled: 'TooManyAttempts',
  unavailable: 'ServiceUnavailable',
  failed: 'SignInFailed',
} as const;

/** The code of a refused sign-in, carrying how long to wait: "TooManyAttempts:900". */
export const throttledCode = (retryAfterSeconds: number) => `${SIGN_IN_ERRORS.throttled}:${Math.max(1, Math.ceil(retryAfterSeconds))}`;

export function signInErrorMessage(code: string | null | undefined): string {
  const throttled = new RegExp(`^${SIGN_IN_ERRORS.throttled}(?::(\\d+))?$`).exec(code ?? '');
  if (throttled) {
    const minutes = Math.max(1, Math.ceil(Number(throttled[1] ?? 900) / 60));
    return `Too many attempts, try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  }
  if (code === SIGN_IN_ERRORS.unavailable) return 'Signing in is unavailable at the moment. Try again in a minute.';
  if (code === SIGN_IN_ERRORS.failed) return 'Signing in failed. Try again.';
  if (code === SIGN_IN_ERRORS.disabled) return 'This account is disabled. Ask an admin to enable it.';
  return 'Wrong email or password.';
}
