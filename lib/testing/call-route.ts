import { NextRequest } from 'next/server';

export type RouteHandler = ((request: NextRequest, context: { params: Promise<never> }) => Promise<Response>) & { permission?: unknown };

export type RequestOptions = {
  headers?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as is (text/plain unless a content-type header says otherwise). */
  body?: string;
};

/** Calls a route handler's exported function directly, the way Next.js would, without a server. */
export async function callRoute(
  handler: RouteHandler,
  method: string,
  path: string,
  params: Record<string, string | string[]> = {},
  { headers = {}, json, body }: RequestOptions = {},
): Promise<Response> {
  const init: { method: string; headers: Record<string, string>; body?: string } = { method, headers: { ...headers } };
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    init.headers['content-type'] ??= 'application/json';
  } else if (body !== undefined) {
    init.body = body;
    init.headers['content-type'] ??= 'text/plain; charset=utf-8';
  }
  const request = new NextRequest(new URL(path, 'http://cms.test'), init);
  return handler(request, { params: Promise.resolve(params) as Promise<never> });
}
