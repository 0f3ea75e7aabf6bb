import { NextRequest } from 'next/server';
import { READER_LEVEL_HEADER, decideReaderLevel, formatLevelDecision } from '../lib/reader/level-cookie.mjs';

type Init = ConstructorParameters<typeof NextRequest>[1];

/**
 * A request as a route handler receives it from the server: with the reader's level decided from
 * its address and Cookie header (server/serve.mjs or proxy.ts put it there), any client copy of
 * the decision header replaced.
 */
export function readerRequest(url: string | URL, init: Init = {}): NextRequest {
  const headers = new Headers(init.headers);
  const address = new URL(url);
  headers.set(READER_LEVEL_HEADER, formatLevelDecision(decideReaderLevel(address.pathname + address.search, headers.get('cookie'))));
  return new NextRequest(url, { ...init, headers });
}
