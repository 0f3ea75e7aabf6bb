/**
 * The scheduling endpoints of the editorial API, called through the route handlers with Bearer
 * tokens: status codes and bodies, bad input naming its field, admins-only job list and retry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { hashToken, newTokenSecret } from '../auth/api-token';
import { createFilm } from '../films';
import { callRoute, type RouteHandler } from '../../test-support/call-route';
import { makeActor } from '../../test-support/actors';
import { saveFirstFrench } from '../../test-support/first-translation';
import * as schedule from '@/app/api/v1/editor/films/[slug]/schedule/route';
import * as jobs from '@/app/api/v1/editor/jobs/route';
import * as retry from '@/app/api/v1/editor/jobs/[id]/retry/route';

process.env.SITE_LOCALES = 'en,fr';

type Who = Record<string, string>;
let editor: Who;
let admin: Who;
let slug: string;

async function tokenFor(role: 'ADMIN' | 'EDITOR'): Promise<Who> {
  const actor = await makeActor(role);
  const secret = newTokenSecret();
  await db().apiToken.create({
    data: { name: `schedule-${role}`, role, prefix: secret.slice(0, 12), tokenHash: hashToken(secret), createdById: actor.userId },
  });
  return { authorization: `Bearer ${secret}` };
}

async function call(handler: RouteHandler, method: string, path: string, params: Record<string, string>, who: Who, json?: unknown) {
  const response = await callRoute(handler, method, path, params, { headers: who, json, sameOrigin: false });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are inspected ad hoc
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

beforeAll(async () => {
  editor = await tokenFor('EDITOR');
  admin = await tokenFor('ADMIN');
  slug = `sched-api-${Date.now().toString(36)}`;
  await createFilm({ content: sampleFilm({ slug, title: 'Scheduled by API' }), actor: await makeActor('ADMIN') });
});

afterAll(async () => {
  // No pending job outlives this file (another file's runner would claim it).
  await db().scheduledJob.updateMany({ where: { film: { slug }, state: 'scheduled' }, data: { state: 'cancelled' } });
  await db().$disconnect();
});

describe('POST/GET/DELETE /api/v1/editor/films/{slug}/schedule', () => {
  const path = () => `/api/v1/editor/films/${slug}/schedule`;

  it('schedules a publish (201), lists it, and cancels it once (then 409)', async () => {
    const at = inAnHour();
    const created = await call(schedule.POST, 'POST', path(), { slug }, editor, { action: 'publish', at, revision: 1 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'publish', state: 'scheduled', revision: 1, filmSlug: slug, runAt: at });

    const listed = await call(schedule.GET, 'GET', path(), { slug }, editor);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((job: { id: string }) => job.id)).toContain(created.body.id);

    const cancelled = await call(schedule.DELETE, 'DELETE', `${path()}?id=${created.body.id}`, { slug }, editor);
    expect(cancelled).toEqual({ status: 200, body: { cancelled: [created.body.id] } });
    expect((await call(schedule.DELETE, 'DELETE', `${path()}?id=${created.body.id}`, { slug }, editor)).status).toBe(409);
    expect((await call(retry.POST, 'POST', `/api/v1/editor/jobs/${created.body.id}/retry`, { id: created.body.id }, admin)).status).toBe(
      409,
    );
  });

  it('names the wrong field and schedules nothing', async () => {
    const before = await db().scheduledJob.count();
    const noRevision = await call(schedule.POST, 'POST', path(), { slug }, editor, { action: 'publish', at: inAnHour() });
    expect(noRevision.status).toBe(400);
    expect(noRevision.body.errors).toEqual([expect.objectContaining({ path: 'revision' })]);
    const past = await call(schedule.POST, 'POST', path(), { slug }, editor, { action: 'unpublish', at: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([expect.objectContaining({ path: 'at' })]);
    const noZone = await call(schedule.POST, 'POST', path(), { slug }, editor, { action: 'unpublish', at: '2099-01-01T00:00' });
    expect(noZone.status).toBe(400);
    expect(
      (
        await call(schedule.POST, 'POST', '/api/v1/editor/films/no-such-film-x/schedule', { slug: 'no-such-film-x' }, editor, {
          action: 'unpublish',
          at: inAnHour(),
        })
      ).status,
    ).toBe(404);
    expect(await db().scheduledJob.count()).toBe(before);
  });

  it('schedules a translation’s publish with `locale`: 400 naming `locale` or `revision`, 404 for a language the site lacks', async () => {
    const before = await db().scheduledJob.count();
    const badTag = await call(schedule.POST, 'POST', path(), { slug }, editor, {
      action: 'publish',
      at: inAnHour(),
      revision: 1,
      locale: 'f r',
    });
    expect(badTag.status).toBe(400);
    expect(badTag.body.errors).toEqual([expect.objectContaining({ path: 'locale' })]);
    const german = await call(schedule.POST, 'POST', path(), { slug }, editor, {
      action: 'publish',
      at: inAnHour(),
      revision: 1,
      locale: 'de',
    });
    expect(german.status).toBe(404);
    const noRevision = await call(schedule.POST, 'POST', path(), { slug }, editor, {
      action: 'publish',
      at: inAnHour(),
      revision: 1,
      locale: 'fr',
    });
    expect(noRevision.status).toBe(400);
    expect(noRevision.body.errors).toEqual([expect.objectContaining({ path: 'revision' })]);
    expect(await db().scheduledJob.count()).toBe(before);
    await saveFirstFrench(slug, await makeActor('WRITER'));
    const created = await call(schedule.POST, 'POST', path(), { slug }, editor, {
      action: 'publish',
      at: inAnHour(),
      revision: 1,
      locale: 'fr',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'publish', revision: 1, locale: 'fr', filmSlug: slug });
    const listed = await call(schedule.GET, 'GET', path(), { slug }, editor);
    expect(listed.body.items.find((job: { id: string }) => job.id === created.body.id)).toMatchObject({ locale: 'fr' });
    await call(schedule.DELETE, 'DELETE', `${path()}?id=${created.body.id}`, { slug }, editor);
  });

  it('cancels every scheduled job of the film without an id', async () => {
    const first = await call(schedule.POST, 'POST', path(), { slug }, editor, { action: 'publish', at: inAnHour(), revision: 1 });
    const second = await call(schedule.POST, 'POST', path(), { slug }, editor, { action: 'unpublish', at: inAnHour() });
    const cancelled = await call(schedule.DELETE, 'DELETE', path(), { slug }, editor);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.cancelled.sort()).toEqual([first.body.id, second.body.id].sort());
  });
});

describe('GET /api/v1/editor/jobs', () => {
  it('lists every film’s jobs for admins and refuses editors', async () => {
    const created = await call(schedule.POST, 'POST', `/api/v1/editor/films/${slug}/schedule`, { slug }, editor, {
      action: 'publish',
      at: inAnHour(),
      revision: 1,
    });
    expect((await call(jobs.GET, 'GET', '/api/v1/editor/jobs', {}, editor)).status).toBe(403);
    const listed = await call(jobs.GET, 'GET', '/api/v1/editor/jobs?state=scheduled', {}, admin);
    expect(listed.status).toBe(200);
    expect(listed.body.items.every((job: { state: string }) => job.state === 'scheduled')).toBe(true);
    expect(listed.body.items.map((job: { id: string }) => job.id)).toContain(created.body.id);
    expect((await call(jobs.GET, 'GET', '/api/v1/editor/jobs?state=nope', {}, admin)).status).toBe(400);
  });
});
