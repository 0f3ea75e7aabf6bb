// @ts-check
/**
 * A page's status when it is not 200. A page of the App Router cannot choose its status (only
 * notFound's 404), so proxy.ts, which can tell before the page renders, puts the status in this
 * response header and server/serve.mjs sends it as the status line and drops the header. Used for
 * the page of a used or expired one-time link (410 Gone). Without serve.mjs (`next dev`) the page
 * is the same, with status 200.
 */
export const PAGE_STATUS_HEADER = 'x-page-status';

/**
 * The status to send for a response Next is about to send, and the header removed. Only a 200 is
 * changed: a redirect or an error Next chose stays what it is.
 * @param {import('node:http').ServerResponse} response
 * @param {number} status the status Next is sending
 * @returns {number}
 */
export function pageStatus(response, status) {
  const wanted = Number(response.getHeader(PAGE_STATUS_HEADER));
  if (response.hasHeader(PAGE_STATUS_HEADER)) response.removeHeader(PAGE_STATUS_HEADER);
  return status === 200 && Number.isInteger(wanted) && wanted >= 200 && wanted <= 599 ? wanted : status;
}
