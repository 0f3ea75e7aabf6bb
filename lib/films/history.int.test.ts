import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import type { FilmContent } from '../content/schema';
import { makeActor } from '../../test-support/actors';
import { callRoute, type RouteHandler } from '../../test-support/call-route';
import { sessionCookieFor } from '../../test-support/session-cookie';
import type { Actor } from '../auth/permissions';
import { createFilm, getRevision, publishFilm, restoreRevision, saveDraft } from '.';
import { listHistory } from './list-history';
import { compareRevisions } from './compare-revisions';
import { GET as diffRoute } from '../../app/api/v1/editor/films/[slug]/revisions/[n]/diff/[m]/route';
import { POST as presenceRoute } from '../../app/api/v1/editor/films/[slug]/presence/route';

let editor: Actor;
let admin: Actor;
let n = 0;
async function filmWithHistory() {
  n += 1;
  const slug = `history-${Date.now().toString(36)}-${n}`;
  const first = sampleFilm({ slug, title: `History ${n}` });
  await createFilm({ content: first, actor: admin, message: 'Created' });
  const second: FilmContent = { ...first, premise: 'A skater NONEWORD returns home to coach.' };
  await saveDraft({ slug, baseRevision: 1, content: second, actor: editor, message: 'Premise tweak' });
  const third: FilmContent = {
    ...second,
    events: [
      second.events[2],
      second.events[0],
      second.events[1],
      { id: 'e4', title: 'Epilogue', description: '', when: '', where: '', spoiler: 'full' },
    ],
    characters: second.characters.map((c) => (c.id === 'c2' ? { ...c, spoiler: 'light' as const } : c)),
  };
  await saveDraft({ slug, baseRevision: 2, content: third, actor: editor });
  return { slug, first, second, third };
}

beforeAll(async () => {
  editor = await makeActor('EDITOR');
  admin = await makeActor('ADMIN');
});

describe('history', () => {
  it('lists every revision with author, message, status and a one-line summary of what changed', async () => {
    const { slug } = await filmWithHistory();
    await publishFilm({ slug, revision: 2, actor: editor });
    const history = await listHistory({ slug, actor: editor });
    expect(history).toMatchObject({ latestRevision: 3, publishedRevision: 2, total: 3, olderThan: null });
    expect(
      history.revisions.map((r) => ({
        number: r.number,
        author: r.author,
        message: r.message,
        published: r.published,
        latest: r.latest,
        summary: r.summary,
        flags: r.spoilerFlags,
      })),
    ).toEqual([
      {
        number: 3,
        author: editor.label,
        message: '',
        published: false,
        latest: true,
        summary: "event 4 added, event 1 moved, character The Rival's spoiler level full → light",
        flags: 1,
      },
      { number: 2, author: editor.label, message: 'Premise tweak', published: true, latest: false, summary: 'premise edited', flags: 0 },
      { number: 1, author: admin.label, message: 'Created', published: false, latest: false, summary: 'first revision', flags: 0 },
    ]);
  });

  it('pages through long histories, summarising the oldest shown against the one before it', async () => {
    const { slug } = await filmWithHistory();
    const page = await listHistory({ slug, actor: editor, limit: 2 });
    expect(page.revisions.map((r) => r.number)).toEqual([3, 2]);
    expect(page.revisions[1].summary).toBe('premise edited');
    expect(page.olderThan).toBe(2);
    const older = await listHistory({ slug, actor: editor, limit: 2, before: 2 });
    expect(older.revisions.map((r) => r.number)).toEqual([1]);
    expect(older.olderThan).toBeNull();
  });

  it('compares any two revisions, in either direction', async () => {
    const { slug } = await filmWithHistory();
    const forward = await compareRevisions({ slug, from: 1, to: 3, actor: editor });
    expect(forward.diff.summary).toBe("premise edited, event 4 added, event 1 moved, character The Rival's spoiler level full → light");
    expect(forward.from).toMatchObject({ number: 1, message: 'Created' });
    const backward = await compareRevisions({ slug, from: 3, to: 1, actor: editor });
    expect(backward.diff.entries.map((e) => `${e.type}:${e.key}`)).toContain('removed:events/e4');
    // Raising a level back is not an exposure; lowering was.
    expect(backward.diff.flags).toEqual([]);
    expect(forward.diff.flags.map((f) => f.reason)).toEqual(['level-lowered']);
    await expect(compareRevisions({ slug, from: 1, to: 9, actor: editor })).rejects.toMatchObject({ status: 404 });
  });

  it('answers the diff as JSON through the API', async () => {
    const { slug } = await filmWithHistory();
    const user = await db().user.findUniqueOrThrow({ where: { id: editor.userId } });
    const response = await callRoute(
      diffRoute as RouteHandler,
      'GET',
      `/api/v1/editor/films/${slug}/revisions/1/diff/2`,
      { slug, n: '1', m: '2' },
      { headers: { cookie: await sessionCookieFor(user) } },
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ slug, from: { number: 1 }, to: { number: 2 }, diff: { identical: false, summary: 'premise edited' } });
    expect(body.diff.entries[0].fields[0].text).toEqual(
      expect.arrayContaining([
        { value: 'train', removed: true },
        { value: 'coach', added: true },
      ]),
    );
    const anonymous = await callRoute(diffRoute as RouteHandler, 'GET', `/api/v1/editor/films/${slug}/revisions/1/diff/2`, {
      slug,
      n: '1',
      m: '2',
    });
    expect(anonymous.status).toBe(401);
  });

  it('400 naming the parameter for a revision that is not a number; 404 for one the film does not have', async () => {
    const { slug } = await filmWithHistory();
    const cookie = await sessionCookieFor(await db().user.findUniqueOrThrow({ where: { id: editor.userId } }));
    const diff = (n: string, m: string) =>
      callRoute(
        diffRoute as RouteHandler,
        'GET',
        `/api/v1/editor/films/${slug}/revisions/${n}/diff/${m}`,
        { slug, n, m },
        { headers: { cookie } },
      );
    const wrong = await diff('1', 'latest');
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual([expect.objectContaining({ path: 'm' })]);
    expect((await diff('1', '99')).status).toBe(404);
  });

  it('presence: 400 for a malformed tab id or action, naming the field', async () => {
    const { slug } = await filmWithHistory();
    const cookie = await sessionCookieFor(await db().user.findUniqueOrThrow({ where: { id: editor.userId } }));
    const beat = (body: unknown) =>
      callRoute(
        presenceRoute as RouteHandler,
        'POST',
        `/api/v1/editor/films/${slug}/presence`,
        { slug },
        { headers: { cookie }, json: body },
      );
    expect((await beat({ tabId: 'tab-history-1' })).status).toBe(200);
    const badTab = await beat({ tabId: 'x' });
    expect(badTab.status).toBe(400);
    expect((await badTab.json()).errors).toEqual([expect.objectContaining({ path: 'tabId' })]);
    const badAction = await beat({ tabId: 'tab-history-1', action: 'grab' });
    expect((await badAction.json()).errors).toEqual([expect.objectContaining({ path: 'action' })]);
  });

  it('restoring appends a revision with the old content, which the history then shows', async () => {
    const { slug, first } = await filmWithHistory();
    const restored = await restoreRevision({ slug, number: 1, actor: editor });
    expect(restored.revision).toBe(4);
    expect((await getRevision({ slug, number: 4, actor: editor })).content).toEqual(first);
    const [latest] = (await listHistory({ slug, actor: editor })).revisions;
    expect(latest).toMatchObject({ number: 4, source: 'RESTORE', restoredFrom: 1, message: 'Restored revision 1', latest: true });
    expect(latest.summary).toBe("premise edited, event 4 removed, event 3 moved, character The Rival's spoiler level light → full");
  });
});

describe('storage', () => {
  it('stores each section once per film: an edit of the premise adds one blob', async () => {
    const { slug, third } = await filmWithHistory();
    const film = await db().film.findUniqueOrThrow({ where: { slug }, select: { id: true } });
    const blobs = () => db().revisionBlob.count({ where: { filmId: film.id } });
    const before = await blobs();
    await saveDraft({ slug, baseRevision: 3, content: { ...third, premise: 'Only the premise changes.' }, actor: editor });
    expect(await blobs()).toBe(before + 1);
    // Saving content identical to an older revision stores nothing new.
    await saveDraft({ slug, baseRevision: 4, content: third, actor: editor });
    expect(await blobs()).toBe(before + 1);
    expect((await getRevision({ slug, number: 5, actor: editor })).content).toEqual(third);
  });
});
