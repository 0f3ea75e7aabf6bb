/**
 * The integrator's test: a client generated from the served `/api/v1/openapi.json`
 * (openapi-typescript types, openapi-fetch calls) drives the whole editorial workflow on the
 * production server (scripts/ops/api-client/workflow.ts, type-checked against the generated
 * types), and every answer — the error paths outside any operation included — is checked against
 * the document with Ajv: status declared, content type declared, body valid. None may fall outside.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '../../lib/db';
import { hashToken, newTokenSecret } from '../../lib/auth/api-token';
import { sampleFilm } from '../../test-support/sample-film';
import { OpenApiConformance, type OpenApiDocument } from '../../test-support/openapi-conformance';
import { startProductionServer, stopProductionServer, type ProductionServer } from '../../test-support/production-server';
import { ensureOpsBuild } from './ops-build';
import { REPO_ROOT, freshDatabase, type TestDatabase } from './support';
import type { WorkflowContext } from './api-client/context';

const SLOW = { timeout: 300_000 };
const CLIENT_DIR = path.join(REPO_ROOT, 'scripts/ops/api-client');
/** Where the generated types go: git-ignored, outside the project's own type-check. */
const GENERATED = path.join(REPO_ROOT, 'tmp/api-client/openapi.d.ts');

let database: TestDatabase;
let server: ProductionServer;
let logDir: string;
let spec: OpenApiDocument;
let conformance: OpenApiConformance;
let receiver: http.Server;
const tokens = { admin: '', editor: '', writer: '' };
const events: Array<{ type: string; id: string }> = [];
const waiting: Array<() => void> = [];
/** A webhook receiver on loopback: records each event's type and `webhook-id`, answers 204. */
function startReceiver(): Promise<string> {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const type = (JSON.parse(body) as { type: string }).type;
      events.push({ type, id: String(request.headers['webhook-id']) });
      for (const check of [...waiting]) check();
      response.writeHead(204).end();
    });
  });
  return new Promise((resolve) =>
    receiver.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`)),
  );
}

/** Once the receiver has got `count` events of a type; a failure naming what did arrive after a minute. */
const received = (type: string, count = 1) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${count} ${type} events in 60 s; got ${events.map((one) => one.type).join(', ')}`)),
      60_000,
    );
    const check = () => {
      if (events.filter((one) => one.type === type).length < count) return;
      clearTimeout(timer);
      waiting.splice(waiting.indexOf(check), 1);
      resolve();
    };
    waiting.push(check);
    check();
  });

/** Records an answer got outside the generated client. */
async function record(request: Request, response: Response) {
  conformance.check(request.method, request.url, response.status, response.headers, await response.text());
}

async function raw(method: string, pathname: string, init: RequestInit = {}) {
  const request = new Request(`${server.url}${pathname}`, { method, ...init, signal: AbortSignal.timeout(60_000) });
  const response = await fetch(request.clone());
  await record(request, response.clone());
  return response;
}

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const png = async (r: number) => {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
};

beforeAll(async () => {
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-api-client-'));
  const build = await ensureOpsBuild();
  database = await freshDatabase('api_client');
  const client = createDbClient(database.url);
  try {
    for (const role of ['ADMIN', 'EDITOR', 'WRITER'] as const) {
      const user = await client.user.create({
        data: { email: `client-${role.toLowerCase()}@test.example`, role, passwordHash: 'not-used' },
      });
      const secret = newTokenSecret();
      await client.apiToken.create({
        data: { name: `client ${role}`, role, prefix: secret.slice(0, 12), tokenHash: hashToken(secret), createdById: user.id },
      });
      tokens[role.toLowerCase() as keyof typeof tokens] = secret;
    }
  } finally {
    await client.$disconnect();
  }
  server = await startProductionServer({
    build,
    logDir,
    name: 'api-client',
    env: {
      DATABASE_URL: database.url,
      DATABASE_REPLICA_URLS: '',
      AUTH_SECRET: randomBytes(48).toString('base64url'),
      REDIS_URL: '',
      MEDIA_DIR: path.join(logDir, 'media'),
      WEBHOOK_ALLOW_PRIVATE: '1',
      SITE_LOCALES: 'en,fr',
    },
  });
  const response = await fetch(`${server.url}/api/v1/openapi.json`, { signal: AbortSignal.timeout(60_000) });
  expect(response.status).toBe(200);
  spec = (await response.json()) as OpenApiDocument;
  conformance = new OpenApiConformance(spec);
}, 900_000);

afterAll(async () => {
  if (server) await stopProductionServer(server).catch(() => {});
  receiver?.close();
  await database?.drop();
  if (logDir) fs.rmSync(logDir, { recursive: true, force: true });
}, 60_000);

describe('a client generated from /api/v1/openapi.json', SLOW, () => {
  it('generates types with openapi-typescript, and the workflow type-checks against them', async () => {
    const ast = await openapiTS(spec as unknown as Parameters<typeof openapiTS>[0]);
    fs.mkdirSync(path.dirname(GENERATED), { recursive: true });
    fs.writeFileSync(GENERATED, astToString(ast));
    const tsc = await run(process.execPath, [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', CLIENT_DIR]);
    expect(tsc.output).toBe('');
    expect(tsc.code).toBe(0);
  });

  it('drives the editorial workflow through openapi-fetch', async () => {
    const { runWorkflow } = (await import(pathToFileURL(path.join(CLIENT_DIR, 'workflow.ts')).href)) as {
      runWorkflow: (context: WorkflowContext) => Promise<void>;
    };
    const slug = `client-film-${randomBytes(3).toString('hex')}`;
    await runWorkflow({
      baseUrl: server.url,
      tokens,
      film: sampleFilm({ slug, title: `Client Film ${slug.slice(-6)}` }),
      person: 'pat-doe',
      images: [await png(10), await png(240), await png(130)],
      receiverUrl: await startReceiver(),
      received,
      record,
    });
    // Two publishes and the resend of the first, with its webhook-id.
    const published = events.filter((one) => one.type === 'film.published').map((one) => one.id);
    expect(published.length).toBeGreaterThanOrEqual(3);
    expect(new Set(published).size).toBe(2);
  });

  it('answers errors outside any operation as problems', async () => {
    expect((await raw('GET', '/api/v1/no/such/thing')).status).toBe(404);
    const notAllowed = await raw('DELETE', '/api/v1/films');
    expect(notAllowed.status).toBe(405);
    expect(notAllowed.headers.get('content-type')).toBe('application/problem+json');
    const auth = { authorization: `Bearer ${tokens.editor}` };
    const unsupported = await raw('POST', '/api/v1/editor/films', {
      headers: { ...auth, 'content-type': 'text/plain' },
      body: '{"content":{}}',
    });
    expect(unsupported.status).toBe(415);
    const malformed = await raw('POST', '/api/v1/editor/films', {
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"content":',
    });
    expect(malformed.status).toBe(400);
    const tooLarge = await raw('POST', '/api/v1/editor/webhooks', {
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'x'.repeat(70_000) }),
    });
    expect(tooLarge.status).toBe(413);
    expect((await raw('GET', '/api/v1/editor/films', { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(401);
  });

  it('got no answer outside the document', () => {
    const { declared, exercised } = conformance.operations();
    console.info(
      `api client: ${conformance.checked.length} responses checked across ${exercised.length} of ${declared.length} operations; ` +
        `${conformance.mismatches.length} outside the document`,
    );
    expect(conformance.mismatches, conformance.report()).toEqual([]);
    expect(declared.filter((name) => !exercised.includes(name))).toEqual([]);
  });
});
