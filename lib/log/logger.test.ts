/**
 * The log format: one JSON object per line, and no secret in it whether it comes as a field, nested
 * in an object, inside a message, inside an error, or as a request id meant to forge lines.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { acceptRequestId, createLogger, loggedPath, scrub } from './logger.mjs';

function capture(options: { redact?: boolean } = {}) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const logger = createLogger({ name: 'test', level: 'debug', destination, ...options });
  return { logger, lines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>), raw: () => lines.join('\n') };
}

describe('createLogger', () => {
  it('writes JSON lines with level names and ISO times', () => {
    const { logger, lines } = capture();
    logger.info({ requestId: 'abc12345', status: 200 }, 'request');
    expect(lines()[0]).toMatchObject({ level: 'info', name: 'test', requestId: 'abc12345', status: 200, msg: 'request' });
    expect(String(lines()[0].time)).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('redacts credentials by key, up to two levels down', () => {
    const { logger, raw, lines } = capture();
    logger.info(
      {
        password: 'p4ssw0rd-top',
        user: { email: 'a@example.com', passwordHash: 'hash-secret', token: 'tok-secret' },
        req: { headers: { authorization: 'Bearer abcdef123456', cookie: 'next-auth.session-token=jwt-secret' } },
        env: { AUTH_SECRET: 'auth-secret-value', DATABASE_URL: 'postgresql://u:db-secret@h/db' },
      },
      'sign-in',
    );
    for (const secret of ['p4ssw0rd-top', 'hash-secret', 'tok-secret', 'abcdef123456', 'jwt-secret', 'auth-secret-value', 'db-secret']) {
      expect(raw()).not.toContain(secret);
    }
    expect(lines()[0]).toMatchObject({ password: '[redacted]', user: { email: 'a@example.com', passwordHash: '[redacted]' } });
  });

  it('scrubs URL passwords, Bearer tokens and API token secrets from messages, text fields and errors', () => {
    const { logger, raw } = capture();
    logger.warn({ url: 'redis://:redis-secret@cache:6379' }, 'connecting to postgresql://cms:pg-secret@db:5432/cms');
    logger.error({ err: new Error('auth failed for Bearer cms_0123456789abcdef0123 at postgres://x:err-secret@y/z') }, 'failed');
    for (const secret of ['redis-secret', 'pg-secret', 'cms_0123456789abcdef0123', 'err-secret']) expect(raw()).not.toContain(secret);
    expect(raw()).toContain('postgresql://cms:***@db:5432/cms');
  });

  it('without redaction (the access log: fields the server names) still scrubs secrets from text', () => {
    const { logger, raw, lines } = capture({ redact: false });
    logger.info({ requestId: 'abc12345', path: '/x/postgresql://u:path-secret@h/db', status: 200 }, 'request Bearer msg-secret-1234');
    for (const secret of ['path-secret', 'msg-secret-1234']) expect(raw()).not.toContain(secret);
    expect(lines()[0]).toMatchObject({ requestId: 'abc12345', status: 200, msg: 'request Bearer ***' });
  });
});

describe('scrub', () => {
  it('leaves ordinary text alone', () => {
    expect(scrub('GET /films/kiss-and-cry 200 in 12 ms')).toBe('GET /films/kiss-and-cry 200 in 12 ms');
    expect(scrub('see https://example.com/a:b')).toBe('see https://example.com/a:b');
  });
});

describe('loggedPath', () => {
  const TOKEN = 'Zm9vYmFyLWJhei1xdXV4LTEyMzQ1Njc4OTAtYWJjZGVm';

  it('is the path without its query, a one-time link token replaced by its route pattern', () => {
    expect(loggedPath(`/set-password/${TOKEN}`)).toBe('/set-password/:token');
    expect(loggedPath(`/set-password/${TOKEN}?_rsc=1`)).toBe('/set-password/:token');
    expect(loggedPath(`/films/kiss-and-cry?spoilers=full&token=${TOKEN}`)).toBe('/films/kiss-and-cry');
    expect(loggedPath('/')).toBe('/');
    expect(loggedPath(undefined)).toBe('');
  });

  it('covers every route of the app whose address carries a token, secret or key', () => {
    // Dynamic segments named like a credential (app/set-password/[token]); a new one must be added to loggedPath's list.
    const secretSegments: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (!entry.isDirectory()) continue;
        const child = path.join(dir, entry.name);
        if (/^\[+(?:\.\.\.)?[^\]]*(token|secret|key|code|signature)[^\]]*\]+$/i.test(entry.name)) secretSegments.push(child);
        walk(child);
      }
    };
    walk(path.join(import.meta.dirname, '../../app'));
    expect(secretSegments.length).toBeGreaterThan(0);
    for (const dir of secretSegments) {
      const route = `/${path
        .relative(path.join(import.meta.dirname, '../../app'), dir)
        .split(path.sep)
        .filter((part) => !/^\(.*\)$/.test(part))
        .join('/')}`;
      const address = route.replace(/\[+(?:\.\.\.)?[^\]]+\]+/g, TOKEN);
      expect(loggedPath(address), route).not.toContain(TOKEN);
    }
  });

  it('and scrub hides the same in free text, with credentials in a query string', () => {
    const text = `failed to handle GET /set-password/${TOKEN} (from https://cms.example/login?callbackUrl=%2F&token=${TOKEN}&code=${TOKEN})`;
    expect(scrub(text)).not.toContain(TOKEN);
    expect(scrub(text)).toContain('GET /set-password/:token');
    expect(scrub(text)).toContain('callbackUrl=%2F&token=***&code=***');
  });

  it('the access logger writes it so', () => {
    const { logger, raw } = capture({ redact: false });
    logger.info({ path: `/set-password/${TOKEN}` }, `GET /set-password/${TOKEN}`);
    expect(raw()).not.toContain(TOKEN);
  });
});

describe('acceptRequestId', () => {
  it('keeps ids from the balancer and refuses anything that could forge a log line', () => {
    expect(acceptRequestId('0f1e2d3c4b5a69788796a5b4c3d2e1f0')).toBe('0f1e2d3c4b5a69788796a5b4c3d2e1f0');
    expect(acceptRequestId('3b2e9c1a-7f0d-4e7b-9a55-1f2e3d4c5b6a')).toBe('3b2e9c1a-7f0d-4e7b-9a55-1f2e3d4c5b6a');
    expect(acceptRequestId(['first-id-1234', 'second'])).toBe('first-id-1234');
    for (const bad of [undefined, null, '', 'short', 'has space inside', 'line\nbreak-123456', 'x'.repeat(200), '{"level":"fatal"}']) {
      expect(acceptRequestId(bad)).toBeNull();
    }
  });
});

describe('bufferStdoutLogs', () => {
  it('sends every line of every logger of the process whole, also those still buffered at exit', async () => {
    // A process whose loggers (root, access, and one made apart, as the app's bundle makes its own)
    // write 3,000 lines through the buffered stream into a pipe and exit at once.
    const script = `
      import { bufferStdoutLogs, rootLogger, accessLogger, createLogger } from ${JSON.stringify(new URL('./logger.mjs', import.meta.url).href)};
      bufferStdoutLogs();
      const loggers = [rootLogger(), accessLogger(), createLogger({ name: 'bundle' })];
      for (let i = 0; i < 3000; i += 1) loggers[i % 3].info({ i, padding: 'x'.repeat(200) }, 'line');
      process.exit(0);
    `;
    const { execFile } = await import('node:child_process');
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--input-type=module', '-e', script],
        { env: { ...process.env, LOG_LEVEL: 'info' }, maxBuffer: 64 * 1024 * 1024 },
        (error, out) => (error ? reject(error) : resolve(out)),
      ),
    );
    const lines = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { i: number });
    expect(lines.map((line) => line.i).sort((a, b) => a - b)).toEqual(Array.from({ length: 3000 }, (_, i) => i));
  });

  it('writes a line out while the process goes on, not only when its buffer fills', async () => {
    // One short line, then the process idles for a minute: the line must arrive before it ends.
    const script = `
      import { bufferStdoutLogs, rootLogger } from ${JSON.stringify(new URL('./logger.mjs', import.meta.url).href)};
      bufferStdoutLogs();
      rootLogger().info('the only line');
      setTimeout(() => {}, 60_000);
    `;
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, LOG_LEVEL: 'info' } });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk;
          if (out.includes('\n')) resolve(out);
        });
        child.once('exit', (code) => reject(new Error(`exited (${code}) before writing its line`)));
      });
      expect(JSON.parse(line)).toMatchObject({ level: 'info', msg: 'the only line' });
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill();
    }
  });
});
