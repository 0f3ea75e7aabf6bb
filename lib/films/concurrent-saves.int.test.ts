/**
 * Many editors saving the same film at once, through the domain layer and through the editorial
 * API (PUT /api/v1/editor/films/{slug}), the way the editor does it: save on the revision you have;
 * on a 409, merge your change on top of theirs (the three-way merge of the conflict screen) and
 * save again. Afterwards: every acknowledged save is a revision with exactly the content sent, the
 * numbers run 1..N without gaps, each editor's saves are in the order they were acknowledged, and
 * no revision lost anything an earlier one had (nothing was overwritten).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import type { FilmContent } from '../content/schema';
import { hashToken, newTokenSecret } from '../auth/api-token';
import { callRoute, type RouteHandler } from '../../test-support/call-route';
import { makeActor } from '../../test-support/actors';
import { ConflictError } from '../errors';
import type { Actor } from '../auth/permissions';
import { createFilm, getDraft, saveDraft } from '.';
import { contentHash } from './content-hash';
import { mergeContent } from './diff';
import { GET as getFilmRoute, PUT as putFilmRoute } from '../../app/api/v1/editor/films/[slug]/route';

type Snapshot = { revision: number; content: FilmContent };
type SaveResult = { ok: true; revision: number } | { ok: false; current: Snapshot };

/** One way of talking to the CMS: the domain functions, or HTTP requests to the route handlers. */
type Channel = { name: string; load: () => Promise<Snapshot>; save: (base: number, content: FilmContent) => Promise<SaveResult> };

function domainChannel(slug: string, actor: Actor): Channel {
  return {
    name: `domain:${actor.label}`,
    load: async () => {
      const draft = await getDraft({ slug, actor });
      return { revision: draft.revision, content: draft.content };
    },
    save: async (base, content) => {
      try {
        return { ok: true, revision: (await saveDraft({ slug, baseRevision: base, content, actor, message: '' })).revision };
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        const current = (error as ConflictError<{ current: { number: number; content: FilmContent } }>).details.current;
        return { ok: false, current: { revision: current.number, content: current.content } };
      }
    },
  };
}

function apiChannel(slug: string, name: string, authorization: string): Channel {
  const headers = { authorization };
  return {
    name: `api:${name}`,
    load: async () => {
      const response = await callRoute(getFilmRoute as RouteHandler, 'GET', `/api/v1/editor/films/${slug}`, { slug }, { headers });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { revision: number; content: FilmContent };
      return { revision: body.revision, content: body.content };
    },
    save: async (base, content) => {
      const response = await callRoute(
        putFilmRoute as RouteHandler,
        'PUT',
        `/api/v1/editor/films/${slug}`,
        { slug },
        { headers, json: { baseRevision: base, content } },
      );
      const body = (await response.json()) as { revision: number; current: { number: number; content: FilmContent } };
      if (response.status === 200) return { ok: true, revision: body.revision };
      expect(response.status).toBe(409);
      return { ok: false, current: { revision: body.current.number, content: body.current.content } };
    },
  };
}

async function tokenFor(actor: Actor): Promise<string> {
  const secret = newTokenSecret();
  await db().apiToken.create({
    data: {
      name: `concurrency-${actor.label}`,
      role: actor.role,
      prefix: secret.slice(0, 12),
      tokenHash: hashToken(secret),
      createdById: actor.userId,
    },
  });
  return `Bearer ${secret}`;
}

type Ack = { editor: string; step: number; revision: number; hash: string; at: number };

/** My edit: a new timeline event named after me and the step, so it can be found in every later revision. */
const withMyEvent = (content: FilmContent, editor: string, step: number): FilmContent => ({
  ...content,
  events: [
    ...content.events,
    { id: `${editor}-${step}`, title: `Saved by ${editor}, step ${step}`, description: '', when: '', where: '', spoiler: 'full' },
  ],
});

/** Saves `steps` edits, each retried on top of the newer revision after a 409 until acknowledged. */
async function editLikeAnEditor(
  channel: Channel,
  editor: string,
  steps: number,
  acks: Ack[],
  stats: { conflicts: number; attempts: number },
) {
  let { revision: base, content: baseContent } = await channel.load();
  for (let step = 1; step <= steps; step += 1) {
    let mine = withMyEvent(baseContent, editor, step);
    for (;;) {
      stats.attempts += 1;
      const result = await channel.save(base, mine);
      if (result.ok) {
        acks.push({ editor, step, revision: result.revision, hash: contentHash(mine), at: acks.length });
        base = result.revision;
        baseContent = mine;
        break;
      }
      stats.conflicts += 1;
      // The conflict screen's default: keep what they changed and what I changed, save on top of theirs.
      mine = mergeContent(baseContent, result.current.content, mine);
      base = result.current.revision;
      baseContent = result.current.content;
    }
  }
}

async function runScenario(channels: Array<{ channel: Channel; editor: string }>, slug: string, steps: number) {
  const acks: Ack[] = [];
  const stats = { conflicts: 0, attempts: 0 };
  const started = Date.now();
  await Promise.all(channels.map(({ channel, editor }) => editLikeAnEditor(channel, editor, steps, acks, stats)));
  const seconds = (Date.now() - started) / 1000;

  const film = await db().film.findUniqueOrThrow({ where: { slug }, select: { id: true, latestRevision: true } });
  const revisions = await db().revision.findMany({
    where: { filmId: film.id },
    orderBy: { number: 'asc' },
    select: { number: true, contentHash: true, authorId: true },
  });

  // Every acknowledged save is its own revision, numbered 1..N without gaps (1 = the film's creation).
  expect(acks).toHaveLength(channels.length * steps);
  expect(new Set(acks.map((a) => a.revision)).size).toBe(acks.length);
  expect(revisions.map((r) => r.number)).toEqual(Array.from({ length: acks.length + 1 }, (_, i) => i + 1));
  expect(film.latestRevision).toBe(acks.length + 1);
  // …holding exactly the content that save sent.
  const byNumber = new Map(revisions.map((r) => [r.number, r]));
  for (const ack of acks) expect(byNumber.get(ack.revision)!.contentHash).toBe(ack.hash);
  // Each editor's saves are revisions in the order they were acknowledged.
  for (const { editor } of channels) {
    const mine = acks.filter((a) => a.editor === editor);
    expect(mine.map((a) => a.step)).toEqual(Array.from({ length: steps }, (_, i) => i + 1));
    expect(mine.map((a) => a.revision)).toEqual([...mine.map((a) => a.revision)].sort((x, y) => x - y));
  }
  // Nothing overwritten: every revision keeps every marker event of the revisions before it.
  const { readContents } = await import('./revision-store');
  const rows = await db().revision.findMany({ where: { filmId: film.id }, orderBy: { number: 'asc' }, select: { parts: true } });
  const contents = await readContents(
    db(),
    film.id,
    rows.map((r) => r.parts),
  );
  let seen = new Set<string>();
  contents.forEach((content, i) => {
    const ids = new Set(content.events.map((e) => e.id));
    for (const id of seen) expect(ids.has(id), `revision ${i + 1} lost event ${id}`).toBe(true);
    seen = ids;
  });
  for (const ack of acks) expect(seen.has(`${ack.editor}-${ack.step}`)).toBe(true);

  const summary = {
    editors: channels.length,
    acknowledged: acks.length,
    attempts: stats.attempts,
    conflicts: stats.conflicts,
    revisions: revisions.length,
    seconds,
  };
  console.log(`concurrent saves (${channels.map((c) => c.channel.name.split(':')[0]).join(', ')}):`, JSON.stringify(summary));
  return summary;
}

let n = 0;
async function newFilm(admin: Actor): Promise<string> {
  n += 1;
  const slug = `concurrent-${Date.now().toString(36)}-${n}`;
  await createFilm({ content: sampleFilm({ slug, title: `Concurrent ${n}` }), actor: admin });
  return slug;
}

describe('concurrent saves never lose an acknowledged save', () => {
  let admin: Actor;
  let editors: Actor[];
  beforeAll(async () => {
    admin = await makeActor('ADMIN');
    editors = await Promise.all(Array.from({ length: 6 }, () => makeActor('EDITOR')));
  });

  it('through the domain layer: 6 editors × 8 saves', { timeout: 180_000 }, async () => {
    const slug = await newFilm(admin);
    const result = await runScenario(
      editors.map((actor, i) => ({ channel: domainChannel(slug, actor), editor: `d${i}` })),
      slug,
      8,
    );
    expect(result.conflicts).toBeGreaterThan(0);
  });

  it('through the editorial API and the domain layer at once: 3 + 3 editors × 8 saves', { timeout: 180_000 }, async () => {
    const slug = await newFilm(admin);
    const viaApi = await Promise.all(
      editors.slice(0, 3).map(async (actor, i) => ({ channel: apiChannel(slug, actor.label, await tokenFor(actor)), editor: `a${i}` })),
    );
    const viaDomain = editors.slice(3).map((actor, i) => ({ channel: domainChannel(slug, actor), editor: `d${i}` }));
    const result = await runScenario([...viaApi, ...viaDomain], slug, 8);
    expect(result.conflicts).toBeGreaterThan(0);
  });
});
