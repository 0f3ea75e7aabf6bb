import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { createFilm } from '../films';
import { NotFoundError, UnauthorizedError } from '../errors';
import { makeActor } from '../../test-support/actors';
import type { Actor } from '../auth/permissions';
import { dismissLintInputSchema, dismissLintWarning, listLintDismissals } from './lint-dismissals';

/**
 * Dismissed spoiler-lint warnings against a real database: remembered per film from the revision
 * they were dismissed on, with an audit row in the same transaction; a dismissal for an unknown
 * film or a revision that does not exist yet changes nothing.
 */
let admin: Actor;
let writer: Actor;
let n = 0;

async function newFilm() {
  n += 1;
  const content = sampleFilm({ slug: `lint-dismiss-${Date.now().toString(36)}-${n}`, title: `Lint ${n}` });
  const { film } = await createFilm({ content, actor: admin });
  return { filmId: film.id, slug: content.slug };
}

const input = (slug: string, key = 'c1 medical bills', revision = 1) =>
  dismissLintInputSchema.parse({ slug, revision, key, label: 'Character “Amanda”', phrase: 'medical bills' });

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  writer = await makeActor('WRITER');
});

describe('dismissing a spoiler-lint warning', () => {
  it('is remembered for the film from its revision, once, with an audit row naming it', async () => {
    const { filmId, slug } = await newFilm();
    expect(await dismissLintWarning({ ...input(slug), actor: writer })).toEqual({ key: 'c1 medical bills', revision: 1 });
    // Dismissed again: the first dismissal stands.
    await dismissLintWarning({ ...input(slug), actor: admin });
    expect(await listLintDismissals({ filmId, actor: writer })).toEqual([{ key: 'c1 medical bills', revision: 1 }]);
    const audit = await db().auditLog.findMany({ where: { filmId, action: 'film.lint-dismiss' }, orderBy: { id: 'asc' } });
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      actorId: writer.userId,
      subject: slug,
      details: { revision: 1, key: 'c1 medical bills', phrase: 'medical bills' },
    });
  });

  it('404 for an unknown film or a revision not saved yet, and nothing is stored', async () => {
    const { filmId, slug } = await newFilm();
    await expect(dismissLintWarning({ ...input('no-such-film-anywhere'), actor: admin })).rejects.toBeInstanceOf(NotFoundError);
    await expect(dismissLintWarning({ ...input(slug, 'x y', 2), actor: admin })).rejects.toBeInstanceOf(NotFoundError);
    expect(await db().lintDismissal.count({ where: { filmId } })).toBe(0);
    expect(await db().auditLog.count({ where: { filmId, action: 'film.lint-dismiss' } })).toBe(0);
  });

  it('is refused to no one, and an empty key names the field', async () => {
    const { slug } = await newFilm();
    await expect(dismissLintWarning({ ...input(slug), actor: null as unknown as Actor })).rejects.toBeInstanceOf(UnauthorizedError);
    const bad = dismissLintInputSchema.safeParse({ slug, revision: 1, key: '  ' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['key']);
  });
});
