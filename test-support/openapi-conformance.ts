/**
 * Checks HTTP answers against an OpenAPI 3.0 document as an integrator's client would: the
 * operation found by method and path template, the response by status (or `default`), its
 * content type among the declared ones (no content declared: no body), the body against the
 * schema with Ajv, and the declared headers that are present against theirs. Every answer is
 * recorded; `mismatches` lists those outside the document.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

type Schema = Record<string, unknown>;
type MediaType = { schema?: Schema };
type ResponseObject = { content?: Record<string, MediaType>; headers?: Record<string, { schema?: Schema }> };
type Operation = { operationId?: string; responses: Record<string, ResponseObject> };
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };

export type CheckedResponse = { operation: string; method: string; path: string; status: number };
export type Mismatch = CheckedResponse & { problem: string; errors?: ErrorObject[] | null; body?: string };

const DOC_ID = 'https://openapi.invalid/openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
/** JSON pointer escaping of one reference token. */
const token = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');
const mediaType = (header: string | null) => (header ?? '').split(';')[0].trim().toLowerCase();
const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

export class OpenApiConformance {
  readonly checked: CheckedResponse[] = [];
  readonly mismatches: Mismatch[] = [];
  private readonly ajv: Ajv;
  private readonly templates: Array<{ template: string; pattern: RegExp; params: number }>;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly doc: OpenApiDocument) {
    // OpenAPI 3.0 schemas are a JSON Schema dialect: `nullable`, `example`, `format: binary`.
    this.ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
    // The whole document under one $id: `#/components/schemas/…` references resolve inside it.
    this.ajv.addSchema({ ...structuredClone(doc), $id: DOC_ID });
    this.templates = Object.keys(doc.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
        params: (template.match(/\{/g) ?? []).length,
      }))
      // A literal segment wins over a parameter (/editor/import before /editor/{x}).
      .sort((a, b) => a.params - b.params);
  }

  /** The path template an address names, if any. */
  templateFor(pathname: string): string | undefined {
    return this.templates.find(({ pattern }) => pattern.test(pathname))?.template;
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  /**
   * Checks one answer (its body already read as text). `outside` names an answer to an address
   * or method the document has no operation for: it must be a problem (`components.schemas.Problem`).
   */
  check(method: string, url: string, status: number, headers: Headers, text: string): void {
    const pathname = new URL(url).pathname;
    const template = this.templateFor(pathname);
    const lower = method.toLowerCase();
    const operation = template ? this.doc.paths[template][lower] : undefined;
    const base = { method: method.toUpperCase(), path: template ?? pathname, status };
    if (!template || !operation) {
      const entry = { ...base, operation: `(no operation: ${base.method} ${pathname})` };
      this.checked.push(entry);
      const type = mediaType(headers.get('content-type'));
      if (type !== 'application/problem+json')
        return this.fail(entry, `content type ${type || '(none)'} for an address outside the document, not a problem`, text);
      this.validateBody(entry, '/components/schemas/Problem', text);
      return;
    }
    const entry = { ...base, operation: operation.operationId ?? `${base.method} ${template}` };
    this.checked.push(entry);
    const key = String(status) in operation.responses ? String(status) : 'default' in operation.responses ? 'default' : null;
    if (key === null) return this.fail(entry, `status ${status} not declared`, text);
    const response = operation.responses[key];
    const pointer = ['', 'paths', template, lower, 'responses', key].map((part) => (part ? token(part) : '')).join('/');

    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const value = headers.get(name);
      if (value === null || !header.schema) continue;
      const typed = header.schema.type === 'integer' || header.schema.type === 'number' ? Number(value) : value;
      const validate = this.validator(`${pointer}/headers/${token(name)}/schema`);
      if (!validate(typed)) this.fail(entry, `header ${name}: ${value}`, undefined, validate.errors);
    }

    const declared = Object.keys(response.content ?? {});
    const type = mediaType(headers.get('content-type'));
    if (declared.length === 0) {
      if (text.length > 0) this.fail(entry, `a body (${type || 'no content type'}) where none is declared`, text);
      return;
    }
    const match = declared.find((one) => one === type || (one.endsWith('/*') && type.startsWith(one.slice(0, -1))));
    if (!match) return this.fail(entry, `content type ${type || '(none)'} not among ${declared.join(', ')}`, text);
    if (!response.content![match].schema) return;
    this.validateBody(entry, `${pointer}/content/${token(match)}/schema`, text, isJson(match));
  }

  private validateBody(entry: CheckedResponse, pointer: string, text: string, json = true) {
    let body: unknown = text;
    if (json) {
      try {
        body = JSON.parse(text);
      } catch {
        return this.fail(entry, 'a body that is not JSON', text);
      }
    }
    const validate = this.validator(pointer);
    if (!validate(body)) this.fail(entry, 'body does not match the schema', text, validate.errors);
  }

  private fail(entry: CheckedResponse, problem: string, body?: string, errors?: ErrorObject[] | null) {
    this.mismatches.push({ ...entry, problem, errors, body: body?.slice(0, 400) });
  }

  /** The operations the document declares, and those answers were checked for. */
  operations(): { declared: string[]; exercised: string[] } {
    const declared = Object.entries(this.doc.paths).flatMap(([template, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => op.operationId ?? `${method.toUpperCase()} ${template}`),
    );
    const exercised = [...new Set(this.checked.map((one) => one.operation).filter((name) => declared.includes(name)))];
    return { declared, exercised };
  }

  /** The mismatches, one paragraph each, for a failure message. */
  report(): string {
    return this.mismatches
      .map(
        (one) =>
          `${one.operation} (${one.method} ${one.path}) ${one.status}: ${one.problem}` +
          (one.errors
            ? `\n  ${one.errors.map((e) => `${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`).join('\n  ')}`
            : '') +
          (one.body ? `\n  body: ${one.body}` : ''),
      )
      .join('\n');
  }
}
