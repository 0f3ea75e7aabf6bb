import 'server-only';
import { checkPasswordLink, type PasswordLinkState } from './check-password-link';

/** The status of the set-password page for each state of its link (valid: 200). */
export const PASSWORD_LINK_PAGE_STATUS: Record<PasswordLinkState['state'], number> = {
  valid: 200,
  unknown: 404,
  used: 410,
  expired: 410,
  disabled: 403,
};

const SET_PASSWORD_PAGE = /^\/set-password\/([^/]+)\/?$/u;

/**
 * For proxy.ts: the status of `/set-password/{token}` when it is not 200 (a used or expired link is
 * Gone, an unknown one Not Found), null for a usable link or any other address. The page itself
 * reads the link again and says why (app/set-password/[token]/page.tsx).
 */
export async function passwordLinkPageStatus(pathname: string): Promise<number | null> {
  const match = SET_PASSWORD_PAGE.exec(pathname);
  if (!match) return null;
  const token = match[1];
  if (token.length > 200) return PASSWORD_LINK_PAGE_STATUS.unknown;
  let state: PasswordLinkState['state'];
  try {
    state = (await checkPasswordLink(token)).state;
  } catch {
    return null; // the database is unreachable: the page's own read answers that
  }
  const status = PASSWORD_LINK_PAGE_STATUS[state];
  return status === 200 ? null : status;
}
