/**
 * Every operation of /api/v1/openapi.json, as a generated client and a validating integrator use
 * it: an operationId each, every schema compiles with Ajv (OpenAPI 3.0's `nullable` needs a
 * `type`), patterns are regular expressions that match what they should, errors are problems,
 * lists take the paging parameters, limited operations name their headers, cacheable ones their 304.
 */
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi/build-openapi-document';

type Schema = Record<string, unknown>;
type Operation = {
  operationId?: string;
  parameters?: Array<{ name: string; in: string; schema?: Schema }>;
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }>; headers?: Record<string, unknown> }>;
};
const doc = JSON.parse(JSON.stringify(buildOpenApiDocument())) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, method, path, op })),
);

/** Ajv over the document's components, as an integrator validates answers (formats are not checked here). */
function ajvForDocument() {
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ $id: 'openapi.json', components: doc.components });
  return ajv;
}
/** A schema of the document with its local references resolved against it. */
const anchored = (schema: Schema) => JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"openapi.json#/')) as Schema;

function schemasOf(op: Operation): Array<[string, Schema]> {
  const found: Array<[string, Schema]> = [];
  for (const param of op.parameters ?? []) if (param.schema) found.push([`parameter ${param.name}`, param.schema]);
  for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) if (media.schema) found.push([`body ${type}`, media.schema]);
  for (const [status, response] of Object.entries(op.responses))
    for (const [type, media] of Object.entries(response.content ?? {})) if (media.schema) found.push([`${status} ${type}`, media.schema]);
  return found;
}

/** Every `pattern` in a JSON value, with where it is. */
function patterns(value: unknown, at = '', found: Array<[string, string]> = []): Array<[string, string]> {
  if (Array.isArray(value)) value.forEach((v, i) => patterns(v, `${at}/${i}`, found));
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      if (key === 'pattern' && typeof v === 'string') found.push([at, v]);
      else patterns(v, `${at}/${key}`, found);
    }
  return found;
}

const problemProperties = ['type', 'title', 'status', 'detail', 'instance'];

describe('every operation of the OpenAPI document', () => {
  it('has a unique operationId', () => {
    expect(operations.filter(({ op }) => !op.operationId).map(({ name }) => name)).toEqual([]);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has schemas Ajv compiles: every component, parameter, body and answer', () => {
    const ajv = ajvForDocument();
    const failures: string[] = [];
    const compile = (where: string, schema: Schema) => {
      try {
        ajv.compile(anchored(schema));
      } catch (error) {
        failures.push(`${where}: ${(error as Error).message}`);
      }
    };
    for (const [name, schema] of Object.entries(doc.components.schemas)) compile(`components/${name}`, schema);
    for (const { name, op } of operations) for (const [where, schema] of schemasOf(op)) compile(`${name} ${where}`, schema);
    expect(failures).toEqual([]);
  });

  it('has patterns that are regular expressions without leaked flags, and `upto` takes a number', () => {
    const all = patterns(doc);
    expect(all.length).toBeGreaterThan(0);
    for (const [at, pattern] of all) {
      expect(() => new RegExp(pattern, 'u'), at).not.toThrow();
      expect(pattern, at).not.toMatch(/\/[dgimsuvy]+$/);
    }
    const upto = doc.paths['/api/v1/films/{slug}'].get.parameters?.find((p) => p.name === 'upto');
    const pattern = new RegExp(String(upto?.schema?.pattern), 'u');
    expect(['1', '12', '999'].every((n) => pattern.test(n))).toBe(true);
    expect(['x', '1000', ''].some((n) => pattern.test(n))).toBe(false);
  });

  it('answers every error as application/problem+json with the Problem members', () => {
    const wrong: string[] = [];
    for (const { name, op } of operations)
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const types = Object.keys(response.content ?? {});
        if (types.join() !== 'application/problem+json') wrong.push(`${name} ${status}: ${types.join()}`);
        const schema = response.content?.['application/problem+json']?.schema;
        const resolved = JSON.stringify(schema).includes('#/components/schemas/')
          ? doc.components.schemas[
              String((schema as Schema).$ref)
                .split('/')
                .pop()!
            ]
          : schema;
        const required = (resolved?.required as string[] | undefined) ?? [];
        if (!problemProperties.every((p) => required.includes(p))) wrong.push(`${name} ${status}: not a Problem`);
      }
    expect(wrong).toEqual([]);
  });

  it('declares the answers any operation can give: 500 and 503 (Retry-After); with a body 413, with a JSON body 415', () => {
    const missing: string[] = [];
    for (const { name, op } of operations) {
      const body = Object.keys(op.requestBody?.content ?? {});
      const expected = ['400', '500', '503', ...(body.length ? ['413'] : []), ...(body.includes('application/json') ? ['415'] : [])];
      for (const status of expected) if (!op.responses[status]) missing.push(`${name} ${status}`);
      if (!op.responses['503']?.headers?.['Retry-After']) missing.push(`${name} 503 Retry-After`);
    }
    expect(missing).toEqual([]);
  });

  it('lists take page and pageSize (and sort where declared) and answer the list envelope', () => {
    const lists = operations.filter(({ op }) => {
      const schema = op.responses['200']?.content?.['application/json']?.schema as Schema | undefined;
      const ref = schema?.$ref ? doc.components.schemas[String(schema.$ref).split('/').pop()!] : schema;
      return Boolean((ref?.properties as Schema | undefined)?.items);
    });
    expect(lists.map(({ name }) => name).sort()).toEqual([
      'GET /api/v1/editor/films',
      'GET /api/v1/editor/films/{slug}/comments',
      'GET /api/v1/editor/films/{slug}/reviews',
      'GET /api/v1/editor/films/{slug}/revisions',
      'GET /api/v1/editor/films/{slug}/schedule',
      'GET /api/v1/editor/films/{slug}/translations/{locale}/revisions',
      'GET /api/v1/editor/jobs',
      'GET /api/v1/editor/media',
      'GET /api/v1/editor/reviews',
      'GET /api/v1/editor/webhooks',
      'GET /api/v1/editor/webhooks/{id}/deliveries',
      'GET /api/v1/films',
    ]);
    for (const { name, op } of lists) {
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(query, name).toEqual(expect.arrayContaining(['page', 'pageSize']));
      const schema = op.responses['200'].content!['application/json'].schema!;
      const envelope = doc.components.schemas[String(schema.$ref).split('/').pop()!];
      expect(Object.keys(envelope.properties as Schema).sort(), name).toEqual(['items', 'page', 'pageSize', 'total']);
    }
  });

  it('names RateLimit and Retry-After headers on limited operations, ETag and 304 on cacheable reader reads', () => {
    for (const [method, path] of [
      ['post', '/api/v1/films/{slug}/quiz/attempts'],
      ['post', '/api/v1/editor/media'],
      ['put', '/api/v1/editor/media/{id}/file'],
    ]) {
      const limited = doc.paths[path][method].responses['429'];
      expect(Object.keys(limited?.headers ?? {}).sort(), path).toEqual([
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        'Retry-After',
      ]);
    }
    for (const path of ['/api/v1/films', '/api/v1/films/{slug}', '/api/v1/search/suggestions']) {
      const op = doc.paths[path].get;
      expect(op.responses['304'], path).toBeDefined();
      expect(Object.keys(op.responses['200'].headers ?? {}), path).toContain('ETag');
      expect(
        (op.parameters ?? []).map((p) => `${p.in} ${p.name}`),
        path,
      ).toContain('header if-none-match');
    }
  });

  it('declares the presence heartbeat session-only', () => {
    const presence = doc.paths['/api/v1/editor/films/{slug}/presence'].post as Operation & { security?: unknown };
    expect(presence.security).toEqual([{ session: [] }]);
  });
});
