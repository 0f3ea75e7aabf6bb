// @ts-check
/**
 * Secrets from files (Docker/Compose `secrets:`, Kubernetes secret volumes): `NAME_FILE=/run/secrets/x`
 * stands for `NAME=<the file's contents>` (one trailing newline dropped). Read by lib/env.ts for the
 * app and by scripts/prisma.mjs for the migrate image, so both take the same variables.
 *
 * `DATABASE_PASSWORD_FILE` is the database password alone, put into DATABASE_URL (URL-encoded), so
 * one secret file serves both the database container (`POSTGRES_PASSWORD_FILE`) and the app.
 */
import fs from 'node:fs';

/** The variables that may come from a file. */
export const SECRET_FILE_VARIABLES = ['AUTH_SECRET', 'ADMIN_PASSWORD', 'DATABASE_URL', 'MEDIA_S3_SECRET', 'METRICS_TOKEN'];

/** @param {string} name @param {string} file */
function readSecret(name, file) {
  try {
    return fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    throw new Error(`Invalid environment: ${name}_FILE cannot be read (${code ?? String(error)}: ${file})`);
  }
}

/**
 * The environment with every `NAME_FILE` read into `NAME` (a variable set directly wins) and
 * `DATABASE_PASSWORD_FILE` put into DATABASE_URL. Throws one line naming a file that can't be read.
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string | undefined>}
 */
export function withSecretFiles(env) {
  const out = { ...env };
  for (const name of SECRET_FILE_VARIABLES) {
    const file = env[`${name}_FILE`];
    if (file && !env[name]) out[name] = readSecret(name, file);
  }
  const passwordFile = env.DATABASE_PASSWORD_FILE;
  if (passwordFile && out.DATABASE_URL) {
    let url;
    try {
      url = new URL(out.DATABASE_URL);
    } catch {
      return out; // lib/env.ts names the malformed DATABASE_URL
    }
    if (!url.password) {
      url.password = encodeURIComponent(readSecret('DATABASE_PASSWORD', passwordFile));
      out.DATABASE_URL = url.toString();
    }
  }
  return out;
}

/** Applies withSecretFiles to process.env itself (for processes that hand their environment on). */
export function loadSecretFiles() {
  const resolved = withSecretFiles(process.env);
  for (const [name, value] of Object.entries(resolved)) if (value !== undefined && process.env[name] !== value) process.env[name] = value;
}
