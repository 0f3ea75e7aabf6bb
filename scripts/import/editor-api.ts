/**
 * `npm run import` against a running server: a client of its editorial REST API
 * (POST /api/v1/editor/import, then POST /api/v1/editor/films/{slug}/publish). The server imports
 * and publishes itself, so its own page cache is refreshed as by any publish in the editor, with
 * or without Redis, and the changes are audited under the token's or the user's name.
 *
 * Signs in with an API token (Authorization: Bearer), or with an account's email and password
 * through the sign-in form's endpoint (next-auth credentials), then as the site itself would
 * (session cookie and the site's Origin, which cookie-authenticated writes must carry).
 */
import type { FileError, ImportResult } from './cli';
import type { ImportLevels } from '../../lib/films/film-schema';

export type ServerAuth = { token: string } | { email: string; password: string };

/** The server refused who we are (401/403 on signing in or on the first call), or could not be reached. */
export class ServerRefused extends Error {}

type Answer = { status: number; body: Record<string, unknown> | null };

export type EditorApi = {
  importPage(text: string, options: { slug?: string; publish: boolean; levels?: ImportLevels }): Promise<ImportResult>;
};

/** Errors the server answered with, as the command prints them. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: FileError[],
  ) {
    super(errors.map((e) => e.message).join('; '));
  }
}

const TIMEOUT_MS = 60_000;

export async function connectEditorApi(server: string, auth: ServerAuth): Promise<EditorApi> {
  const origin = new URL(server).origin;
  const headers: Record<string, string> =
    'token' in auth ? { authorization: `Bearer ${auth.token}` } : { cookie: await signIn(origin, auth), origin };

  async function call(method: string, pathname: string, body: string, contentType: string): Promise<Answer> {
    let response: Response;
    try {
      response = await fetch(new URL(pathname, origin), {
        method,
        headers: { ...headers, 'content-type': contentType },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ServerRefused(
        `Could not reach the server at ${origin}: ${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`,
      );
    }
    const text = await response.text();
    let parsed: Record<string, unknown> | null = null;
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      // Not JSON (a proxy's error page): the status says enough.
    }
    if (response.status === 401 || response.status === 403) {
      throw new ServerRefused(`The server at ${origin} refused: HTTP ${response.status} ${String(parsed?.error ?? '')}`.trim());
    }
    return { status: response.status, body: parsed };
  }

  return {
    async importPage(text, { slug, publish, levels }) {
      const query = new URLSearchParams({ ...(slug ? { slug } : {}), ...(levels ? { levels } : {}) }).toString();
      const imported = await call('POST', `/api/v1/editor/import${query ? `?${query}` : ''}`, text, 'text/plain; charset=utf-8');
      if (imported.status !== 201) throw new ApiError(imported.status, errorsOf(imported));
      const film = imported.body as Omit<ImportResult, 'published'>;
      const result: ImportResult = {
        slug: film.slug,
        revision: film.revision,
        published: false,
        levels: film.levels ?? 'page',
        warnings: film.warnings,
      };
      if (!publish) return result;
      const published = await call(
        'POST',
        `/api/v1/editor/films/${encodeURIComponent(film.slug)}/publish`,
        JSON.stringify({ revision: film.revision }),
        'application/json',
      );
      if (published.status !== 200)
        throw new ApiError(published.status, [
          { message: `imported as ${film.slug} (revision ${film.revision}) but not published` },
          ...errorsOf(published),
        ]);
      return { ...result, published: true };
    },
  };
}

/** The server's error body → lines: a 400 names each field; else its message, or the status. */
function errorsOf({ status, body }: Answer): FileError[] {
  const errors = Array.isArray(body?.errors) ? (body.errors as FileError[]) : [];
  if (errors.length > 0) return errors.map(({ path, message }) => ({ path, message }));
  return [{ message: typeof body?.error === 'string' ? `${body.error} (HTTP ${status})` : `HTTP ${status}` }];
}

/**
 * next-auth's credentials sign-in, as the sign-in form does it: its CSRF token and cookie, then the
 * POST. The session cookie when signed in; else the error next-auth named (`CredentialsSignin`,
 * or the sign-in limiter's) and the status. Also the operations tests' and benchmarks' sign-in.
 */
export async function credentialsSignIn(
  origin: string,
  { email, password }: { email: string; password: string },
): Promise<{ session: string | undefined; status: number; error: string | null }> {
  const csrf = await fetch(`${origin}/api/auth/csrf`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = csrf.headers.getSetCookie().map((c) => c.split(';')[0]);
  const response = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.join('; '), origin },
    body: new URLSearchParams({ csrfToken, email, password, json: 'true', callbackUrl: `${origin}/editor` }),
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const result = (await response.json().catch(() => ({}))) as { url?: string };
  const session = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => /^(__Secure-)?next-auth\.session-token=/u.test(c));
  return { session, status: response.status, error: result.url ? new URL(result.url).searchParams.get('error') : null };
}

async function signIn(origin: string, account: { email: string; password: string }): Promise<string> {
  let signedIn: Awaited<ReturnType<typeof credentialsSignIn>>;
  try {
    signedIn = await credentialsSignIn(origin, account);
  } catch (error) {
    throw new ServerRefused(
      `Could not sign in at ${origin}: ${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`,
    );
  }
  if (!signedIn.session)
    throw new ServerRefused(
      `The server at ${origin} did not sign ${account.email} in: check the email and CMS_PASSWORD (HTTP ${signedIn.status})`,
    );
  return signedIn.session;
}
