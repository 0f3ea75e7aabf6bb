/** Where to go after signing in: only a path on this site (no open redirect), else the editor. */
export function safeCallbackUrl(value: unknown, fallback = '/editor'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
