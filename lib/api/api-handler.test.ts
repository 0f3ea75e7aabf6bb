import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { apiHandler } from './api-handler';
import { NotFoundError } from '../errors';

type Route = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const call = (handler: Route, headers: Record<string, string> = {}) =>
  handler(new NextRequest('http://127.0.0.1/api/v1/films/x', { headers }), { params: Promise.resolve({}) });

describe('apiHandler', () => {
  it('an unknown error is a JSON 500 naming the request id, not Next’s HTML page', async () => {
    const failing = apiHandler(null, async () => {
      throw new TypeError('a bug');
    });
    const response = await call(failing, { 'x-request-id': 'req-12345678' });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: 'Internal server error', requestId: 'req-12345678' });
  });

  it('domain errors keep their status and message', async () => {
    const response = await call(
      apiHandler(null, async () => {
        throw new NotFoundError('No such film');
      }),
    );
    expect([response.status, await response.json()]).toEqual([404, { error: 'No such film' }]);
  });
});
