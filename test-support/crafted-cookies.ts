/**
 * Crafted Cookie headers (the `spoilers` cookie's name and value encoded, cased, padded and
 * duplicated, among other cookies, odd bytes, over-long) and a raw HTTP/1.1 client that sends them
 * byte for byte (latin1), as an attacker's client would: the poisoning tests of the reader's level
 * (scripts/ops/reader-level-cache.int.test.ts, scripts/ops/shared-cache.int.test.ts).
 */
import net from 'node:net';
import fc from 'fast-check';
import { DEMO_SLUG } from '../e2e/reader-demo';

export type Answer = { status: number; headers: Record<string, string>; body: string };

/** One request on a socket of its own, its header block written byte for byte (latin1). */
export function rawRequest(to: number, pathname: string, headers: Record<string, string>, host = `127.0.0.1:${to}`): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(to, '127.0.0.1');
    const lines = [
      `GET ${pathname} HTTP/1.1`,
      `Host: ${host}`,
      'Connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve(parseResponse(Buffer.concat(chunks))));
    // Not end(): a server may drop a connection the client half-closed before its answer.
    socket.write(Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'));
  });
}

export function parseResponse(raw: Buffer): Answer {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, split).toString('latin1').split('\r\n');
  const status = Number(head[0].split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    headers[name] = headers[name] ? `${headers[name]}, ${line.slice(colon + 1).trim()}` : line.slice(colon + 1).trim();
  }
  let body = raw.subarray(split + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const end = body.indexOf('\r\n', at);
      const size = Number.parseInt(body.subarray(at, end).toString('latin1'), 16);
      if (!size) break;
      parts.push(body.subarray(end + 2, end + 2 + size));
      at = end + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { status, headers, body: body.toString('utf8') };
}

// What an attacker writes into the Cookie header: the `spoilers` cookie's name and value encoded,
// cased, padded and duplicated, per-film names, other cookies around it, odd bytes, over-long.
const name = fc.constantFrom(
  'spoilers',
  'SPOILERS',
  'Spoilers',
  'spoiler%73',
  '%73poilers',
  'spoilers ',
  ' spoilers',
  '\tspoilers',
  'spoilers\t',
  'spoilers\u0000',
  'a',
);
const levelText = fc.constantFrom(
  'full',
  'FULL',
  'Full',
  '%66ull',
  '%66%75%6C%6C',
  'full%00',
  '%00full',
  'light',
  '%6Cight',
  'none',
  ' full',
  'full ',
  '"full"',
  'full\t',
  'full\u0000',
  '\u00e9full',
  '%FF',
  '%E0%A4%A',
);
const value = fc.oneof(
  levelText,
  levelText.map((level) => `${DEMO_SLUG}.${level}`),
  levelText.map((level) => `${DEMO_SLUG}%2E${level}`),
  levelText.map((level) => `${DEMO_SLUG}%2e${level}`),
  levelText.map((level) => `${DEMO_SLUG.toUpperCase()}.${level}`),
  levelText.map((level) => `${encodeURIComponent(DEMO_SLUG).replace(/-/gu, '%2D')}.${level}`),
  fc.tuple(levelText, levelText).map(([all, own]) => `${all}~${DEMO_SLUG}.${own}`),
  fc.tuple(levelText, levelText).map(([all, own]) => `${all}%7E${DEMO_SLUG}%2E${own}`),
  levelText.map((level) => `${'x'.repeat(6000)}~${level}`),
  fc.string({ maxLength: 8 }),
);
const separator = fc.constantFrom(';', '; ', ';\t', ';  ', ' ; ', ';;', ',', ';\u0000');
export const cookieHeader = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.tuple(name, value) },
      { weight: 1, arbitrary: fc.constantFrom<[string, string]>(['a', '1'], ['next-auth.csrf-token', 'x'], ['spoilers', '']) },
    ),
    { minLength: 1, maxLength: 4 },
  )
  .chain((pairs) =>
    fc
      .array(separator, { minLength: pairs.length, maxLength: pairs.length })
      .map((separators) => pairs.map(([n, v], i) => `${i ? separators[i] : ''}${n}=${v}`).join('')),
  );
// The cases the attack run found, always among the runs.
export const KNOWN = [
  'spoilers=%66ull',
  `spoilers=${DEMO_SLUG}%2Efull`,
  'a=1;\tspoilers=full',
  'spoilers=full; spoilers=none',
  'spoilers=none; spoilers=full',
];
