/**
 * A client must not choose the address that rate limits and the audit log see.
 * Runs the real server (server/serve.mjs) around a stand-in for Next (a `next` module whose request
 * handler answers with the client-address headers it received), so this needs no build: what
 * Next.js would read is exactly what the stand-in reports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_ENV, REPO_ROOT, runNode, type Env } from './support';

let dir = '';
const children: ChildProcess[] = [];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-client-address-'));
  // serve.mjs loads the app's lib/*.mjs from next to server.js, as in the standalone folder.
  fs.symlinkSync(path.join(REPO_ROOT, 'lib'), path.join(dir, 'lib'));
  // What serve.mjs needs of a standalone folder: server.js, the build's configuration and route
  // list (the metrics' route labels), `next`.
  fs.writeFileSync(path.join(dir, 'server.js'), '');
  fs.mkdirSync(path.join(dir, '.next'));
  fs.writeFileSync(path.join(dir, '.next', 'required-server-files.json'), JSON.stringify({ config: {} }));
  fs.writeFileSync(path.join(dir, '.next', 'routes-manifest.json'), JSON.stringify({ staticRoutes: [{ page: '/' }], dynamicRoutes: [] }));
  fs.mkdirSync(path.join(dir, 'node_modules', 'next'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'node_modules', 'next', 'index.js'),
    `module.exports = () => ({
  prepare: async () => {},
  getRequestHandler: () => (req, res) => res.end(JSON.stringify({ forwardedFor: req.headers['x-forwarded-for'], realIp: req.headers['x-real-ip'] })),
});\n`,
  );
});

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts serve.mjs around the stand-in; resolves with the port it listens on. */
function serve(env: Env): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'server/serve.mjs'), path.join(dir, 'server.js')], {
      // FRONT_CACHE=0: the front cache needs Next's modules, which the stand-in has not.
      env: { ...process.env, ...BASE_ENV, LOG_LEVEL: 'info', FRONT_CACHE: '0', PORT: '0', HOSTNAME: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port) resolve(Number(port));
    });
    child.on('exit', (code) => reject(new Error(`serve.mjs exited (${code}): ${output}`)));
  });
}

const seen = async (port: number, headers: Record<string, string>) =>
  (await (await fetch(`http://127.0.0.1:${port}/`, { headers })).json()) as { forwardedFor?: string; realIp?: string };

describe('serve.mjs: the client address', () => {
  it('without TRUSTED_PROXIES, is the socket: forged X-Forwarded-For and X-Real-IP are replaced', async () => {
    const port = await serve({ TRUSTED_PROXIES: '' });
    expect(await seen(port, { 'x-forwarded-for': '6.6.6.6', 'x-real-ip': '7.7.7.7' })).toEqual({
      forwardedFor: '127.0.0.1',
      realIp: '127.0.0.1',
    });
    expect(await seen(port, { 'x-forwarded-for': '6.6.6.6, 198.51.100.1' })).toEqual({ forwardedFor: '127.0.0.1', realIp: '127.0.0.1' });
    expect(await seen(port, {})).toEqual({ forwardedFor: '127.0.0.1', realIp: '127.0.0.1' });
  });

  it('behind a trusted proxy, is the entry that proxy added (what the client wrote before it is ignored)', async () => {
    const port = await serve({ TRUSTED_PROXIES: '10.0.0.0/8, loopback' });
    // The client sent "6.6.6.6"; the proxy (here: loopback) appended the client's real address.
    expect(await seen(port, { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' })).toEqual({ forwardedFor: '203.0.113.9', realIp: '203.0.113.9' });
    // Several trusted hops are walked back to the first untrusted one.
    expect(await seen(port, { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.1.2.3' })).toMatchObject({ forwardedFor: '203.0.113.9' });
    expect(await seen(port, {})).toMatchObject({ forwardedFor: '127.0.0.1' });
  });

  it('refuses to start with a malformed TRUSTED_PROXIES, naming it', async () => {
    const run = await runNode(
      [path.join(REPO_ROOT, 'server/serve.mjs'), path.join(dir, 'server.js')],
      { TRUSTED_PROXIES: '10.0.0.0/8, 10.0.0.300', LOG_LEVEL: 'info' },
      60_000,
    );
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain('Invalid environment: TRUSTED_PROXIES invalid IP address: 10.0.0.300');
  });
});
