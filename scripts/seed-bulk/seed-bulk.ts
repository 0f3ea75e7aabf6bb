import { createPublishedFilms } from '../../lib/films';
import { systemActor } from '../../lib/auth/system-actor';
import { ensureUser } from '../../lib/users/ensure-user';
import { db } from '../../lib/db';
import { generateFilm } from './generate-film';

const SEED_EMAIL = 'seed-bulk@example.com';
const BATCH = 100;

/**
 * Creates and publishes generated films 0 … films-1 (skipping slugs already there) in batches of
 * 100 per transaction (createPublishedFilms), two batches at a time. Also used by the scale benchmark.
 */
export async function seedBulk({ films, onProgress }: { films: number; onProgress?: (done: number) => void }) {
  // The films' author: an editor account whose password is random and never shown.
  const user = await ensureUser({ email: SEED_EMAIL, password: crypto.randomUUID(), role: 'EDITOR', name: 'Bulk seed' });
  const actor = systemActor(`${SEED_EMAIL} (seed:bulk)`, user.id);
  const existing = new Set((await db().film.findMany({ select: { slug: true } })).map((f) => f.slug));
  let next = 0;
  let done = 0;
  let created = 0;
  const worker = async () => {
    while (next < films) {
      const numbers = Array.from({ length: Math.min(BATCH, films - next) }, (_, i) => next + i);
      next += numbers.length;
      const contents = numbers.map((n) => generateFilm(n, films)).filter((c) => !existing.has(c.slug));
      await withDeadlockRetry(() => createPublishedFilms({ contents, actor, message: 'Generated (seed:bulk)' }));
      created += contents.length;
      done += numbers.length;
      onProgress?.(done);
    }
  };
  // Two writers: one generates pages while the other waits for PostgreSQL.
  await Promise.all([worker(), worker()]);
  return { created };
}

/**
 * Runs a batch again when PostgreSQL chose it as a deadlock's victim (40P01): its transaction was
 * rolled back whole, so running it again is the same batch. The two writers share a pool of actors.
 */
async function withDeadlockRetry<T>(batch: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await batch();
    } catch (error) {
      if (attempt >= attempts || !String(error instanceof Error ? error.message : error).includes('40P01')) throw error;
    }
  }
}
