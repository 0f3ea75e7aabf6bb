import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { makeActor } from '../../test-support/actors';
import type { Actor } from '../auth/permissions';
import { createFilm } from '.';
import { leavePresence, PRESENCE_EXPIRES_SECONDS, recordPresence } from './presence';

let admin: Actor;
let editor: Actor;
let n = 0;
async function newFilm() {
  n += 1;
  const slug = `presence-${Date.now().toString(36)}-${n}`;
  await createFilm({ content: sampleFilm({ slug, title: `Presence ${n}` }), actor: admin });
  return slug;
}
const TAB_A = 'tab-aaaaaaaa';
const TAB_B = 'tab-bbbbbbbb';

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
});

describe('presence and the soft lock', () => {
  it('shows who else has the film open, and gives the free lock to the first one in', async () => {
    const slug = await newFilm();
    const first = await recordPresence({ slug, tabId: TAB_A, actor: editor });
    expect(first).toMatchObject({ holdsLock: true, registered: true, others: [] });
    const second = await recordPresence({ slug, tabId: TAB_B, actor: admin });
    expect(second.holdsLock).toBe(false);
    expect(second.lockHolder).toMatchObject({ user: editor.label, isYou: false, holdsLock: true });
    expect(second.others).toEqual([expect.objectContaining({ user: editor.label, openedSecondsAgo: expect.any(Number) })]);
    const again = await recordPresence({ slug, tabId: TAB_A, actor: editor });
    expect(again.others.map((o) => o.user)).toEqual([admin.label]);
  });

  it('lets another editor take the lock over; the other tab hears it on its next heartbeat', async () => {
    const slug = await newFilm();
    await recordPresence({ slug, tabId: TAB_A, actor: editor });
    const taken = await recordPresence({ slug, tabId: TAB_B, actor: admin, takeOver: true });
    expect(taken.holdsLock).toBe(true);
    const told = await recordPresence({ slug, tabId: TAB_A, actor: editor });
    expect(told).toMatchObject({ holdsLock: false, lockHolder: { user: admin.label } });
    // And back.
    expect((await recordPresence({ slug, tabId: TAB_A, actor: editor, takeOver: true })).holdsLock).toBe(true);
    expect((await recordPresence({ slug, tabId: TAB_B, actor: admin })).holdsLock).toBe(false);
  });

  it('forgets a tab that stopped sending heartbeats, and the lock passes on', async () => {
    const slug = await newFilm();
    await recordPresence({ slug, tabId: TAB_A, actor: editor });
    await recordPresence({ slug, tabId: TAB_B, actor: admin });
    const film = await db().film.findUniqueOrThrow({ where: { slug } });
    await db().editingPresence.updateMany({
      where: { filmId: film.id, userId: editor.userId },
      data: { seenAt: new Date(Date.now() - (PRESENCE_EXPIRES_SECONDS + 5) * 1000) },
    });
    const state = await recordPresence({ slug, tabId: TAB_B, actor: admin });
    expect(state).toMatchObject({ holdsLock: true, others: [] });
  });

  it('frees the lock when the tab leaves', async () => {
    const slug = await newFilm();
    await recordPresence({ slug, tabId: TAB_A, actor: editor });
    await recordPresence({ slug, tabId: TAB_B, actor: admin });
    await leavePresence({ slug, tabId: TAB_A, actor: editor });
    expect(await recordPresence({ slug, tabId: TAB_B, actor: admin })).toMatchObject({ holdsLock: true, others: [] });
  });

  it('the same user in two tabs: each tab sees the other as "you, in another tab", and both name the same lock holder', async () => {
    const slug = await newFilm();
    await recordPresence({ slug, tabId: TAB_A, actor: editor });
    const second = await recordPresence({ slug, tabId: TAB_B, actor: editor });
    expect(second).toMatchObject({ holdsLock: false, registered: true, others: [{ isYou: true, thisTab: false, holdsLock: true }] });
    // The first tab learns of the second (before, it said "only you have this film open").
    const first = await recordPresence({ slug, tabId: TAB_A, actor: editor });
    expect(first).toMatchObject({ holdsLock: true, others: [{ isYou: true, thisTab: false, holdsLock: false }] });
    expect(first.lockHolder).toMatchObject({ thisTab: true });
    expect(second.lockHolder).toMatchObject({ isYou: true, thisTab: false });

    expect(await recordPresence({ slug, tabId: TAB_B, actor: editor, takeOver: true })).toMatchObject({
      holdsLock: true,
      registered: true,
      others: [{ isYou: true, holdsLock: false }],
    });
    const after = await recordPresence({ slug, tabId: TAB_A, actor: editor });
    expect(after).toMatchObject({ holdsLock: false, registered: true, lockHolder: { isYou: true, thisTab: false } });
  });

  it('keeps one lock holder under concurrent take-overs', async () => {
    const slug = await newFilm();
    const actors = [admin, editor, await makeActor('EDITOR'), await makeActor('EDITOR')];
    await Promise.all(actors.map((actor, i) => recordPresence({ slug, tabId: `tab-concurrent-${i}`, actor, takeOver: true })));
    const film = await db().film.findUniqueOrThrow({ where: { slug } });
    expect(await db().editingPresence.count({ where: { filmId: film.id, holdsLock: true } })).toBe(1);
  });

  it('refuses API tokens (403: presence is session-only) and malformed tab ids (400)', async () => {
    const slug = await newFilm();
    await expect(recordPresence({ slug, tabId: 'x', actor: editor })).rejects.toMatchObject({ status: 400 });
    await expect(recordPresence({ slug, tabId: TAB_A, actor: { ...editor, via: 'token' } })).rejects.toMatchObject({ status: 403 });
    await expect(recordPresence({ slug: 'no-such-film', tabId: TAB_A, actor: editor })).rejects.toMatchObject({ status: 404 });
  });
});
