/**
 * Editorial comments and the review workflow through the REST API: what a writer and a
 * reviewer can do with a token, the answers for bad input, and that comments never reach readers.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { hashToken, newTokenSecret } from '../auth/api-token';
import { createFilm, publishFilm } from '../films';
import { makeActor } from '../../test-support/actors';
import { callRoute, type RouteHandler } from '../../test-support/call-route';
import type { Actor, Role } from '../auth/permissions';
import * as comments from '@/app/api/v1/editor/films/[slug]/comments/route';
import * as comment from '@/app/api/v1/editor/films/[slug]/comments/[id]/route';
import * as filmReviews from '@/app/api/v1/editor/films/[slug]/reviews/route';
import * as reviews from '@/app/api/v1/editor/reviews/route';
import * as review from '@/app/api/v1/editor/reviews/[id]/route';
import * as decision from '@/app/api/v1/editor/reviews/[id]/decision/route';
import * as readerFilm from '@/app/api/v1/films/[slug]/route';

// The reader route reads through unstable_cache: here it calls straight through to the database.
vi.mock('next/cache', () => ({
  revalidatePath: () => {},
  revalidateTag: () => {},
  updateTag: () => {},
  refresh: () => {},
  unstable_cache: <T>(fn: T) => fn,
  cacheTag: () => {},
  cacheLife: () => {},
}));

let admin: Actor;
const auth: Partial<Record<Role, Record<string, string>>> = {};

async function bearer(role: Role) {
  const owner = await makeActor(role);
  const secret = newTokenSecret();
  await db().apiToken.create({
    data: {
      name: `comments-${role.toLowerCase()}`,
      role,
      prefix: secret.slice(0, 12),
      tokenHash: hashToken(secret),
      createdById: owner.userId,
    },
  });
  return { authorization: `Bearer ${secret}` };
}

const call = (handler: unknown, method: string, url: string, params: Record<string, string>, role: Role, json?: unknown) =>
  callRoute(handler as RouteHandler, method, url, params, { headers: auth[role], ...(json === undefined ? {} : { json }) });

async function film() {
  const content = sampleFilm({
    slug: `comments-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
    title: 'Commented film',
  });
  await createFilm({ content, actor: admin });
  return content;
}

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  auth.WRITER = await bearer('WRITER');
  auth.EDITOR = await bearer('EDITOR');
});

describe('comments API', () => {
  it('adds, lists, resolves, reopens and deletes comments on the revision and on items', async () => {
    const content = await film();
    const url = `/api/v1/editor/films/${content.slug}/comments`;
    const p = { slug: content.slug };
    const event = content.events[0];
    const onItem = await call(comments.POST, 'POST', url, p, 'WRITER', { body: 'Is this date right?', itemKey: `events/${event.id}` });
    expect(onItem.status).toBe(201);
    const created = await onItem.json();
    expect(created).toMatchObject({ revision: 1, itemKey: `events/${event.id}`, resolved: false, body: 'Is this date right?' });
    expect((await call(comments.POST, 'POST', url, p, 'EDITOR', { body: 'Overall fine.' })).status).toBe(201);

    const listed = await (await call(comments.GET, 'GET', url, p, 'EDITOR')).json();
    expect(listed.items.map((c: { itemKey: string }) => c.itemKey)).toEqual([`events/${event.id}`, '']);

    const one = { slug: content.slug, id: created.id };
    const resolved = await call(comment.PATCH, 'PATCH', `${url}/${created.id}`, one, 'EDITOR', { resolved: true });
    expect(await resolved.json()).toMatchObject({ resolved: true });
    const open = await (await call(comments.GET, 'GET', `${url}?state=open`, p, 'WRITER')).json();
    expect(open.items).toHaveLength(1);
    expect(await (await call(comment.PATCH, 'PATCH', `${url}/${created.id}`, one, 'WRITER', { resolved: false })).json()).toMatchObject({
      resolved: false,
    });

    expect((await call(comment.DELETE, 'DELETE', `${url}/${created.id}`, one, 'WRITER')).status).toBe(204);
    expect(await db().filmComment.count({ where: { id: created.id } })).toBe(0);
  });

  it('answers bad input with 400 naming the field, and a comment of another film with 404', async () => {
    const content = await film();
    const other = await film();
    const url = `/api/v1/editor/films/${content.slug}/comments`;
    const empty = await call(comments.POST, 'POST', url, { slug: content.slug }, 'WRITER', { body: '  ' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors).toEqual([expect.objectContaining({ path: 'body' })]);
    const badItem = await call(comments.POST, 'POST', url, { slug: content.slug }, 'WRITER', { body: 'x', itemKey: '../etc' });
    expect((await badItem.json()).errors).toEqual([expect.objectContaining({ path: 'itemKey' })]);
    const noRevision = await call(comments.POST, 'POST', url, { slug: content.slug }, 'WRITER', { body: 'x', revision: 99 });
    expect((await noRevision.json()).errors).toEqual([expect.objectContaining({ path: 'revision' })]);

    const created = await (await call(comments.POST, 'POST', url, { slug: content.slug }, 'WRITER', { body: 'Mine' })).json();
    const elsewhere = await call(comment.PATCH, 'PATCH', '/x', { slug: other.slug, id: created.id }, 'EDITOR', { resolved: true });
    expect(elsewhere.status).toBe(404);
  });

  it("a writer cannot resolve a reviewer's comment (403, left open); its author and a reviewer can", async () => {
    const content = await film();
    const url = `/api/v1/editor/films/${content.slug}/comments`;
    const fromReviewer = await (
      await call(comments.POST, 'POST', url, { slug: content.slug }, 'EDITOR', { body: 'Request changes: the ending' })
    ).json();
    const byWriter = await call(comment.PATCH, 'PATCH', '/x', { slug: content.slug, id: fromReviewer.id }, 'WRITER', { resolved: true });
    expect(byWriter.status).toBe(403);
    expect((await db().filmComment.findUniqueOrThrow({ where: { id: fromReviewer.id } })).resolvedAt).toBeNull();
    expect(
      (await call(comment.PATCH, 'PATCH', '/x', { slug: content.slug, id: fromReviewer.id }, 'EDITOR', { resolved: true })).status,
    ).toBe(200);
    const fromWriter = await (await call(comments.POST, 'POST', url, { slug: content.slug }, 'WRITER', { body: 'Done?' })).json();
    expect((await call(comment.PATCH, 'PATCH', '/x', { slug: content.slug, id: fromWriter.id }, 'EDITOR', { resolved: true })).status).toBe(
      200,
    );
  });

  it('another writer cannot delete a comment; a reviewer can', async () => {
    const content = await film();
    const url = `/api/v1/editor/films/${content.slug}/comments`;
    const created = await (await call(comments.POST, 'POST', url, { slug: content.slug }, 'EDITOR', { body: 'From the reviewer' })).json();
    const byWriter = await call(comment.DELETE, 'DELETE', '/x', { slug: content.slug, id: created.id }, 'WRITER');
    expect(byWriter.status).toBe(403);
    const mine = await (await call(comments.POST, 'POST', url, { slug: content.slug }, 'WRITER', { body: 'From the writer' })).json();
    expect((await call(comment.DELETE, 'DELETE', '/x', { slug: content.slug, id: mine.id }, 'EDITOR')).status).toBe(204);
  });

  it('never reaches readers: the public film API carries no comment', async () => {
    const content = await film();
    await call(comments.POST, 'POST', '/x', { slug: content.slug }, 'EDITOR', { body: 'EDITORIAL-ONLY-REMARK', itemKey: 'premise' });
    await publishFilm({ slug: content.slug, revision: 1, actor: admin });
    for (const level of ['none', 'light', 'full']) {
      const response = await callRoute(readerFilm.GET as unknown as RouteHandler, 'GET', `/api/v1/films/${content.slug}?level=${level}`, {
        slug: content.slug,
      });
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain('EDITORIAL-ONLY-REMARK');
    }
  });
});

describe('review API', () => {
  it('a writer submits, cannot decide; a reviewer requests changes, then approves the resubmission', async () => {
    const content = await film();
    const p = { slug: content.slug };
    const submitted = await call(filmReviews.POST, 'POST', '/x', p, 'WRITER', { note: 'Please check' });
    expect(submitted.status).toBe(201);
    const { id } = await submitted.json();

    expect((await call(decision.POST, 'POST', '/x', { id }, 'WRITER', { decision: 'approve' })).status).toBe(403);
    const noComment = await call(decision.POST, 'POST', '/x', { id }, 'EDITOR', { decision: 'request_changes' });
    expect(noComment.status).toBe(400);
    expect((await noComment.json()).errors).toEqual([expect.objectContaining({ path: 'comment' })]);
    const sentBack = await call(decision.POST, 'POST', '/x', { id }, 'EDITOR', { decision: 'request_changes', comment: 'Shorter, please' });
    expect(await sentBack.json()).toMatchObject({ state: 'changes_requested', revision: 1 });
    expect((await call(decision.POST, 'POST', '/x', { id }, 'EDITOR', { decision: 'approve' })).status).toBe(409);

    const again = await (await call(filmReviews.POST, 'POST', '/x', p, 'WRITER')).json();
    const detail = await (await call(review.GET, 'GET', '/x', { id: again.id }, 'EDITOR')).json();
    expect(detail).toMatchObject({ state: 'pending', revision: 1, publishedRevision: null, diff: { identical: false } });
    const queue = await (await call(reviews.GET, 'GET', `/api/v1/editor/reviews?film=${content.slug}`, {}, 'EDITOR')).json();
    expect(queue.items.map((r: { state: string }) => r.state)).toEqual(['pending', 'changes_requested']);

    const approved = await call(decision.POST, 'POST', '/x', { id: again.id }, 'EDITOR', { decision: 'approve' });
    expect(await approved.json()).toMatchObject({ state: 'approved', revision: 1 });
    expect((await callRoute(readerFilm.GET as unknown as RouteHandler, 'GET', `/api/v1/films/${content.slug}`, p)).status).toBe(200);
  });

  it('approve with publishAt schedules the publish: a bad time is a 400 naming publishAt and changes nothing', async () => {
    const content = await film();
    const p = { slug: content.slug };
    const { id } = await (await call(filmReviews.POST, 'POST', '/x', p, 'WRITER')).json();
    for (const publishAt of ['tomorrow', new Date(Date.now() - 60_000).toISOString()]) {
      const refused = await call(decision.POST, 'POST', '/x', { id }, 'EDITOR', { decision: 'approve', publishAt });
      expect(refused.status).toBe(400);
      expect((await refused.json()).errors).toEqual([expect.objectContaining({ path: 'publishAt' })]);
    }
    expect((await db().reviewRequest.findUniqueOrThrow({ where: { id } })).state).toBe('pending');

    const publishAt = new Date(Date.now() + 3_600_000).toISOString();
    const approved = await call(decision.POST, 'POST', '/x', { id }, 'EDITOR', { decision: 'approve', publishAt });
    expect(approved.status).toBe(200);
    const body = await approved.json();
    expect(body).toMatchObject({ state: 'approved', revision: 1, scheduledJob: { id: expect.any(String), runAt: publishAt } });
    expect(await db().scheduledJob.findUniqueOrThrow({ where: { id: body.scheduledJob.id } })).toMatchObject({
      state: 'scheduled',
      revisionNumber: 1,
    });
    // Scheduled, not published.
    expect((await callRoute(readerFilm.GET as unknown as RouteHandler, 'GET', `/api/v1/films/${content.slug}`, p)).status).toBe(404);
  });
});
