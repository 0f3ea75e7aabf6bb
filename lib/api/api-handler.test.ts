import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiHandler, apiOperation } from './api-handler';
import { operations } from './operation';
import { NotFoundError } from '../errors';

type Route = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const call = (handler: Route, headers: Record<string, string> = {}) =>
  handler(new NextRequest('http://127.0.0.1/api/v1/films/x', { headers }), { params: Promise.resolve({}) });

describe('apiHandler', () => {
  it('an unknown error is a problem 500 whose instance is the request id, not Next’s HTML page', async () => {
    const failing = apiHandler(null, async () => {
      throw new TypeError('a bug');
    });
    const response = await call(failing, { 'x-request-id': 'req-12345678' });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toEqual({
      type: '/problems/internal',
      title: 'Internal server error',
      status: 500,
      detail: 'Internal server error',
      instance: 'req-12345678',
      error: 'Internal server error',
    });
  });

  it('domain errors keep their status and message', async () => {
    const response = await call(
      apiHandler(null, async () => {
        throw new NotFoundError('No such film');
      }),
    );
    expect([response.status, await response.json()]).toEqual([
      404,
      expect.objectContaining({ type: '/problems/not-found', status: 404, detail: 'No such film', error: 'No such film' }),
    ]);
  });
});

describe('apiOperation', () => {
  const { echo } = operations(['Test'], {
    echo: {
      method: 'post',
      path: '/api/v1/echo/{n}',
      summary: 'Echo',
      params: z.object({ n: z.coerce.number().int() }),
      query: z.object({ q: z.string().min(1) }),
      body: z.object({ word: z.string() }),
      responses: {},
    },
  });
  const route = apiOperation(echo, null, async ({ params, query, body }) => ({ n: params.n, q: query.q, word: body.word }));
  const post = (n: string, search: string, body: string) =>
    route(
      new NextRequest(`http://127.0.0.1/api/v1/echo/${n}${search}`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      }),
      {
        params: Promise.resolve({ n }),
      },
    );

  it('hands the handler the address parameters, query and body its operation parses, and carries the operation', async () => {
    const response = await post('7', '?q=hi', '{"word":"w"}');
    expect([response.status, await response.json()]).toEqual([200, { n: 7, q: 'hi', word: 'w' }]);
    expect(route.operation.operationId).toBe('echo');
  });

  it('answers 400 naming the wrong field, the address first, then the query, then the body', async () => {
    const fields = async (response: Response) => ((await response.json()) as { errors: Array<{ path: string }> }).errors.map((e) => e.path);
    expect(await fields(await post('x', '?q=', '{}'))).toEqual(['n']);
    expect(await fields(await post('7', '?q=', '{}'))).toEqual(['q']);
    expect(await fields(await post('7', '?q=hi', '{}'))).toEqual(['word']);
  });
});
