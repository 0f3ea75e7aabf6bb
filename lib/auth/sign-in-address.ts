import 'server-only';
import { headers } from 'next/headers';
import { safeCallbackUrl } from './safe-callback-url';

/**
 * The address a page was asked for, put on the request by proxy.ts (which overwrites whatever a
 * client sent): a layout is not told its page's address.
 */
export const REQUEST_PATH_HEADER = 'x-request-path';

/** The sign-in page, coming back to the address asked for (the editor when it is not known). */
export async function signInAddress(): Promise<string> {
  const asked = safeCallbackUrl((await headers()).get(REQUEST_PATH_HEADER) ?? undefined);
  return `/login?callbackUrl=${encodeURIComponent(asked)}`;
}
