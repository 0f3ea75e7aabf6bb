/**
 * Part of the http group of `npm run bench`: SQL statements per HTTP request, counted on the
 * running production server. The server runs with DB_QUERY_LOG (lib/db.ts appends one line per
 * statement to that file); each request here is sent alone and counted as the lines it added, so a
 * cached page must add none. Uncached requests need something the server has not seen: a film
 * published into the database after the server started (and after the build, so it was never
 * prerendered), asked for at a level, through the API, as its person page and as a search.
 */
import fs from 'node:fs';
import { table } from './stats';

/** After the response: how long to wait for work the request left behind (an ISR refresh, a cache write). */
const SETTLE_MS = 300;

export type QueryCountRow = { name: string; path: string | null; status: number | null; statements: number; goal: number; sql: string[] };
export type QueriesPerRequestResult = { film: string; rows: QueryCountRow[]; met: boolean };

const lineCount = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Publishes one generated film into the benchmark's database (DATABASE_URL of this process): one the server has never served. */
async function publishUnseenFilm(): Promise<{ slug: string; title: string; person: string }> {
  const { db } = await import('../../lib/db');
  const { seedBulk } = await import('../seed-bulk/seed-bulk');
  const before = new Set((await db().publishedFilm.findMany({ select: { slug: true } })).map((f) => f.slug));
  await seedBulk({ films: 1 });
  const film = await db().publishedFilm.findFirst({
    where: { slug: { notIn: [...before] } },
    select: {
      slug: true,
      title: true,
      characters: { where: { personId: { not: null } }, select: { person: { select: { slug: true } } }, take: 1 },
    },
  });
  const person = film?.characters[0]?.person?.slug;
  if (!film || !person) throw new Error('publishing a generated film for the query count failed (no new film, or one without cast)');
  return { slug: film.slug, title: film.title, person };
}

export async function runQueriesPerRequest({ baseUrl, logFile }: { baseUrl: string; logFile: string }): Promise<QueriesPerRequestResult> {
  const film = await publishUnseenFilm();
  const page = `/films/${encodeURIComponent(film.slug)}`;
  const search = `/search?${new URLSearchParams({ q: film.title })}`;
  const steps: Array<{ name: string; path: string | null; goal: number }> = [
    { name: 'no request (background statements in the same wait)', path: null, goal: 0 },
    { name: 'new film page, first request (uncached)', path: page, goal: 2 },
    { name: 'the same page again (cached)', path: page, goal: 0 },
    { name: 'the same film at full spoilers, first request', path: `${page}?spoilers=full`, goal: 2 },
    { name: 'film JSON API at light, first request', path: `/api/v1/films/${encodeURIComponent(film.slug)}?spoilers=light`, goal: 2 },
    { name: 'the same JSON again (cached)', path: `/api/v1/films/${encodeURIComponent(film.slug)}?spoilers=light`, goal: 0 },
    { name: 'person page, first request', path: `/people/${encodeURIComponent(film.person)}`, goal: 2 },
    { name: 'the same person page again (cached)', path: `/people/${encodeURIComponent(film.person)}`, goal: 0 },
    { name: 'search for a new query, first request', path: search, goal: 2 },
    { name: 'the same search again (cached)', path: search, goal: 0 },
    { name: 'demo film page (cached under the load above)', path: '/films/kiss-and-cry', goal: 0 },
  ];
  const rows: QueryCountRow[] = [];
  for (const step of steps) {
    await pause(SETTLE_MS);
    const before = lineCount(logFile).length;
    let status: number | null = null;
    if (step.path) {
      const response = await fetch(`${baseUrl}${step.path}`, { redirect: 'manual' });
      await response.arrayBuffer();
      status = response.status;
      if (status !== 200) throw new Error(`${step.path} answered HTTP ${status}, not 200`);
    }
    await pause(SETTLE_MS);
    const sql = lineCount(logFile).slice(before);
    rows.push({ ...step, status, statements: sql.length, sql });
  }
  return { film: film.slug, rows, met: rows.every((r) => r.statements <= r.goal) };
}

export function printQueriesPerRequest(result: QueriesPerRequestResult) {
  console.log(
    table(
      `SQL statements per HTTP request on the production server (DB_QUERY_LOG; each request alone, ${SETTLE_MS} ms allowed after it; goal: cached 0, uncached ≤ 2)`,
      ['request', 'status', 'statements', 'goal'],
      result.rows.map((r) => [
        `${r.name}${r.path ? `: ${r.path}` : ''}`,
        r.status === null ? '—' : String(r.status),
        String(r.statements),
        r.goal === 0 ? '0' : `≤ ${r.goal}`,
      ]),
    ),
  );
  const sent = result.rows.filter((r) => r.statements > 0);
  for (const r of sent) console.log(`  ${r.name}:\n${r.sql.map((s) => `    ${s.slice(0, 120)}`).join('\n')}`);
  console.log(result.met ? 'Every request within its goal.' : 'NOT MET: some request sent more statements than its goal (above).');
}
