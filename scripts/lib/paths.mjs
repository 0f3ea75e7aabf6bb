// @ts-check
/** Where things are in the checkout; the one place that knows (plain Node, no dependencies). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** `npm start`'s own files (git-ignored): the generated secret, the demo marker, the running server. */
export const DATA_DIR = path.join(REPO_ROOT, '.data');
export const AUTH_SECRET_FILE = path.join(DATA_DIR, 'auth-secret');
/**
 * While `npm start` serves the embedded demo database: where its server listens ({url, pid}), for
 * commands that must reach it (the import CLI's --publish refreshes its page cache).
 */
export const SERVER_FILE = path.join(DATA_DIR, 'server.json');
