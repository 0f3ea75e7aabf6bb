import type { NextRequest } from 'next/server';
import { readerRequest } from './reader-request';

export type RouteHandler = ((request: NextRequest, context: { params: Promise<never> }) => Promise<Response>) & { permission?: unknown };

export type RequestOptions = {
  headers?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as is (text/plain unless a content-type header says otherwise). */
  body?: string;
  /**
   * Send `Origin: http://cms.test` (this test site) unless `headers` name an Origin, as a browser's
   * fetch from the site's own pages does. `false` sends none (a non-browser client).
   */
  sameOrigin?: boolean;
};

/** The origin callRoute's requests are addressed to. */
export const TEST_ORIGIN = 'http://cms.test';

/** Calls a route handler's exported function directly, the way Next.js would, without a server. */
export async function callRoute(
  handler: RouteHandler,
  method: string,
  path: string,
  params: Record<string, string | string[]> = {},
  { headers = {}, json, body, sameOrigin = true }: RequestOptions = {},
): Promise<Response> {
  const init: { method: string; headers: Record<string, string>; body?: string } = { method, headers: { ...headers } };
  if (sameOrigin && !Object.keys(headers).some((name) => name.toLowerCase() === 'origin')) init.headers.origin = TEST_ORIGIN;
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    init.headers['content-type'] ??= 'application/json';
  } else if (body !== undefined) {
    init.body = body;
    init.headers['content-type'] ??= 'text/plain; charset=utf-8';
  }
  const request = readerRequest(new URL(path, TEST_ORIGIN), init);
  return handler(request, { params: Promise.resolve(params) as Promise<never> });
}
