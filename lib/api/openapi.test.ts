/**
 * /api/v1/openapi.json: generated from the zod schemas, structurally valid OpenAPI 3, and complete:
 * every route handler under app/api/v1 (each exported method) serves an operation of the document
 * at its own address, and the document describes nothing else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi/build-openapi-document';
import { GET } from '@/app/api/v1/openapi.json/route';

const ROOT = path.resolve(import.meta.dirname, '../..');
const API_DIR = path.join(ROOT, 'app/api/v1');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const doc = buildOpenApiDocument() as unknown as {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
        parameters?: Array<{ name: string; in: string; required?: boolean }>;
      }
    >
  >;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? routeFiles(full) : entry.name === 'route.ts' ? [full] : [];
  });
}

/** app/api/v1/editor/films/[slug]/route.ts → /api/v1/editor/films/{slug} */
const openApiPath = (file: string) =>
  '/' +
  path
    .relative(path.join(ROOT, 'app'), path.dirname(file))
    .split(path.sep)
    .map((s) => s.replace(/^\[(\w+)\]$/, '{$1}'))
    .join('/');

/** Every "$ref" in a JSON value. */
function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refs(v, found));
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') found.push(v);
      else refs(v, found);
    }
  return found;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3 with info, paths and components', () => {
    expect(doc.openapi).toMatch(/^3\.0\.\d$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['session', 'bearer']);
  });

  it('describes every route handler under app/api/v1, and only those, each from the operation it serves', async () => {
    const implemented: string[] = [];
    const served: string[] = [];
    for (const file of routeFiles(API_DIR)) {
      const mod = (await import(/* @vite-ignore */ file)) as Record<string, { operation?: { method: string; path: string } }>;
      // The document itself, and the catch-all that answers unknown addresses with a 404 problem.
      if (file.includes('openapi.json') || file.includes('[...')) continue;
      for (const method of METHODS) {
        if (!mod[method]) continue;
        implemented.push(`${method} ${openApiPath(file)}`);
        const operation = mod[method].operation;
        if (operation) served.push(`${operation.method.toUpperCase()} ${operation.path}`);
      }
    }
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.sort()).toEqual(implemented.sort());
    expect(served.sort()).toEqual(implemented.sort());
  });

  it('every operation has responses with JSON or text schemas, and path parameters that match its path', () => {
    for (const [p, ops] of Object.entries(doc.paths)) {
      const names = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(ops)) {
        expect(Object.keys(op.responses).length, `${method} ${p}`).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(op.responses)) {
          expect(status).toMatch(/^[1-5]\d\d$/);
          for (const media of Object.keys(response.content ?? {}))
            expect(media).toMatch(/^(application\/json|application\/problem\+json|text\/plain)$/);
        }
        const pathParams = (op.parameters ?? []).filter((param) => param.in === 'path');
        expect(pathParams.map((param) => param.name).sort(), `${method} ${p}`).toEqual([...names].sort());
        expect(pathParams.every((param) => param.required)).toBe(true);
      }
    }
  });

  it('every $ref points to a component that exists', () => {
    const missing = refs(doc).filter((ref) => {
      const match = /^#\/components\/(\w+)\/(.+)$/.exec(ref);
      return !match || !(doc.components as Record<string, Record<string, unknown>>)[match[1]]?.[match[2]];
    });
    expect(missing).toEqual([]);
  });

  it('is generated from the same schemas the handlers validate with', () => {
    const film = doc.components.schemas.FilmContent as { properties: Record<string, unknown>; required: string[] };
    // The content's keys, in page order (the part registry's).
    expect(Object.keys(film.properties)).toEqual([
      'title',
      'slug',
      'releaseYear',
      'premise',
      'facts',
      'story',
      'events',
      'characters',
      'setting',
      'themes',
      'kind',
      'trivia',
      'poster',
      'stills',
      'quiz',
    ]);
    expect(film.required).toEqual(expect.arrayContaining(['title', 'slug']));
    const save = doc.components.schemas.SaveFilmBody as { required: string[] };
    expect(save.required.sort()).toEqual(['baseRevision', 'content']);
  });

  it('describes scheduled publishing with the schemas the handlers validate with', () => {
    const body = doc.components.schemas.ScheduleBody as { properties: Record<string, { enum?: string[] }>; required: string[] };
    expect(body.required.sort()).toEqual(['action', 'at']);
    expect(body.properties.action.enum).toEqual(['publish', 'unpublish']);
    const job = doc.components.schemas.ScheduledJob as { properties: Record<string, { enum?: string[] }> };
    expect(job.properties.state.enum).toEqual(['scheduled', 'running', 'done', 'failed', 'cancelled']);
    expect(Object.keys(doc.paths['/api/v1/editor/films/{slug}/schedule']).sort()).toEqual(['delete', 'get', 'post']);
  });

  it('is served at /api/v1/openapi.json', async () => {
    const response = GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
