/**
 * The editorial API of a running server as the operations tests and the benchmarks call it: with
 * an API token (Authorization: Bearer), JSON in and out. `call` gives any answer; `ok` throws on
 * one that is not 2xx, naming the request and the answer's start; `publishTitle` saves a film's
 * latest draft under a new title and publishes it. Sign-in with a password: `credentialsSignIn`
 * (the import CLI's, scripts/import/editor-api.ts).
 */
export { credentialsSignIn } from '../scripts/import/editor-api';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read what they need of each answer
type Json = any;

export type EditorApi = {
  call(method: string, pathname: string, body?: unknown): Promise<{ status: number; body: Json }>;
  ok(method: string, pathname: string, body?: unknown): Promise<Json>;
  /** Saves `slug`'s latest draft with `edit` applied (default: the title set) and publishes it; the revision. */
  publish(slug: string, edit: (content: Json) => Json, message?: string): Promise<number>;
  publishTitle(slug: string, title: string, message?: string): Promise<number>;
};

export function editorApi(baseUrl: string | (() => string), token: string | (() => string), { timeoutMs = 120_000 } = {}): EditorApi {
  const value = (v: string | (() => string)) => (typeof v === 'function' ? v() : v);
  const call: EditorApi['call'] = async (method, pathname, body) => {
    const response = await fetch(`${value(baseUrl)}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${value(token)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: Json = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: the text itself.
    }
    return { status: response.status, body: parsed };
  };
  const ok: EditorApi['ok'] = async (method, pathname, body) => {
    const answer = await call(method, pathname, body);
    if (answer.status >= 300)
      throw new Error(`${method} ${pathname} on ${value(baseUrl)}: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
    return answer.body;
  };
  const publish: EditorApi['publish'] = async (slug, edit, message = 'ops test') => {
    const draft = await ok('GET', `/api/v1/editor/films/${slug}`);
    const saved = await ok('PUT', `/api/v1/editor/films/${slug}`, { baseRevision: draft.revision, content: edit(draft.content), message });
    await ok('POST', `/api/v1/editor/films/${slug}/publish`, { revision: saved.revision });
    return saved.revision as number;
  };
  return {
    call,
    ok,
    publish,
    publishTitle: (slug, title, message) => publish(slug, (content) => ({ ...content, title }), message),
  };
}
