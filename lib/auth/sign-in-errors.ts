/**
 * What the sign-in form shows for each `signIn(...).error` code. next-auth passes a thrown error's
 * message through as the code; a null user becomes "CredentialsSignin". One message for a wrong
 * email and a wrong password, so the form never reveals whether an email has an account.
 */
export const SIGN_IN_ERRORS = { disabled: 'AccountDisabled', throttled: 'TooManyAttempts', unavailable: 'ServiceUnavailable', failed: 'SignInFailed' } as const;

export function signInErrorMessage(code: string | null | undefined): string {
  if (code === SIGN_IN_ERRORS.throttled) return 'Too many failed sign-ins. Wait a few minutes and try again.';
  if (code === SIGN_IN_ERRORS.unavailable) return 'Signing in is unavailable at the moment. Try again in a minute.';
  if (code === SIGN_IN_ERRORS.failed) return 'Signing in failed. Try again.';
  if (code === SIGN_IN_ERRORS.disabled) return 'This account is disabled. Ask an admin to enable it.';
  return 'Wrong email or password.';
}
