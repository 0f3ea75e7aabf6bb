import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import type { FilmContent } from '../content/schema';
import { makeActor } from '../../test-support/actors';
import type { Actor } from '../auth/permissions';
import { createFilm, getRevision, publishFilm, restoreRevision, saveDraft } from '.';
import { getRetentionSetting, pruneRevisions, setRetentionSetting } from './retention';

let admin: Actor;
let editor: Actor;

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
});

describe('retention', () => {
  it('keeps everything by default, and only admins may change that', async () => {
    await setRetentionSetting({ actor: admin, pruneUnnamedAfterDays: null });
    expect((await getRetentionSetting({ actor: admin })).pruneUnnamedAfterDays).toBeNull();
    expect(await pruneRevisions({ actor: admin })).toMatchObject({ revisions: 0 });
    await expect(setRetentionSetting({ actor: editor, pruneUnnamedAfterDays: 30 })).rejects.toMatchObject({ status: 403 });
    await expect(pruneRevisions({ actor: editor })).rejects.toMatchObject({ status: 403 });
    await expect(setRetentionSetting({ actor: admin, pruneUnnamedAfterDays: 0 })).rejects.toMatchObject({ status: 400 });
  });

  it('prunes old unnamed saves, never named, published, latest, first or restored-from ones', async () => {
    const slug = `retention-${Date.now().toString(36)}`;
    const content = sampleFilm({ slug, title: 'Retention' });
    await createFilm({ content, actor: admin }); // 1: first
    const save = (base: number, premise: string, message = '') =>
      saveDraft({ slug, baseRevision: base, content: { ...content, premise } as FilmContent, actor: editor, message });
    await save(1, 'two'); // 2: unnamed, restored from later → kept
    await save(2, 'three'); // 3: unnamed → pruned
    await save(3, 'four', 'A named save'); // 4: named → kept
    await save(4, 'five'); // 5: unnamed, published → kept
    await publishFilm({ slug, revision: 5, actor: editor });
    await save(5, 'six'); // 6: unnamed → pruned
    await restoreRevision({ slug, number: 2, actor: editor }); // 7: restore
    await save(7, 'eight'); // 8: unnamed but latest → kept
    const film = await db().film.findUniqueOrThrow({ where: { slug } });
    // Everything is 40 days old, except nothing: the cutoff decides.
    await db().revision.updateMany({ where: { filmId: film.id }, data: { createdAt: new Date(Date.now() - 40 * 86400_000) } });
    const blobsBefore = await db().revisionBlob.count({ where: { filmId: film.id } });

    await setRetentionSetting({ actor: admin, pruneUnnamedAfterDays: 30 });
    const result = await pruneRevisions({ actor: admin });
    await setRetentionSetting({ actor: admin, pruneUnnamedAfterDays: null });

    expect(result.revisions).toBeGreaterThanOrEqual(2);
    const left = await db().revision.findMany({ where: { filmId: film.id }, orderBy: { number: 'asc' }, select: { number: true } });
    expect(left.map((r) => r.number)).toEqual([1, 2, 4, 5, 7, 8]);
    // Sections only the pruned revisions used are gone; every kept revision still reads whole.
    expect(await db().revisionBlob.count({ where: { filmId: film.id } })).toBe(blobsBefore - 2);
    for (const { number } of left) await expect(getRevision({ slug, number, actor: editor })).resolves.toMatchObject({ number });
    expect(await db().auditLog.count({ where: { filmId: film.id, action: 'history.prune' } })).toBe(1);
    // A save still works on top.
    await expect(save(8, 'nine')).resolves.toMatchObject({ revision: 9 });
  });
});
