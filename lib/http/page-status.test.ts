import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { PAGE_STATUS_HEADER, pageStatus } from './page-status.mjs';

const response = (status?: string) => {
  const res = new http.ServerResponse(new http.IncomingMessage(null as never));
  if (status !== undefined) res.setHeader(PAGE_STATUS_HEADER, status);
  return res;
};

describe('pageStatus (proxy.ts chooses, serve.mjs sends)', () => {
  it("turns Next's 200 into the status proxy.ts put in the header, and drops the header", () => {
    const res = response('410');
    expect(pageStatus(res, 200)).toBe(410);
    expect(res.hasHeader(PAGE_STATUS_HEADER)).toBe(false);
  });

  it('leaves a status Next chose (a redirect, an error) and a response without the header as they are', () => {
    expect(pageStatus(response('410'), 307)).toBe(307);
    expect(pageStatus(response('410'), 500)).toBe(500);
    expect(pageStatus(response(), 200)).toBe(200);
    expect(pageStatus(response('nonsense'), 200)).toBe(200);
    expect(pageStatus(response('999'), 200)).toBe(200);
  });
});
