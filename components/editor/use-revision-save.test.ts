import { describe, expect, it } from 'vitest';
import type { FieldValues, Path } from 'react-hook-form';
import { ActionFailure, applyActionErrors } from './action-result';
import { saveMergingConflicts, toSaveFailure } from './use-revision-save';
import type { ActionResult } from '@/lib/action-result';

/** A stand-in for react-hook-form's setError that records what it was told. */
function recorder() {
  const set: Array<[string, string | undefined]> = [];
  return { set, setError: (name: string, error: { message?: string }) => void set.push([name, error.message]) };
}

const onlyTitle = (path: string) => (path === 'title' ? (path as Path<FieldValues>) : null);

describe('toSaveFailure', () => {
  it('turns a 409 into the conflict its details describe', () => {
    const { setError, set } = recorder();
    const details = { current: { number: 7 } };
    const failure = toSaveFailure(new ActionFailure(409, 'Stale', [], details), { setError, fieldFor: onlyTitle }, (d) => ({ from: d }));
    expect(failure).toEqual({ kind: 'conflict', conflict: { from: details } });
    expect(set).toEqual([]);
  });

  it('puts a 400 on the fields that show it and keeps the rest apart', () => {
    const { setError, set } = recorder();
    const errors = [
      { path: 'title', message: 'Title is required' },
      { path: 'events.0.id', message: 'Duplicate id' },
    ];
    const failure = toSaveFailure(new ActionFailure(400, 'Invalid', errors), { setError, fieldFor: onlyTitle }, () => null);
    expect(failure).toMatchObject({ kind: 'invalid', onFields: [errors[0]], elsewhere: [errors[1]] });
    expect(set).toEqual([['title', 'Title is required']]);
  });

  it('treats a 400 without field errors, another status or a network error as a plain failure', () => {
    const { setError, set } = recorder();
    for (const error of [new ActionFailure(400, 'Bad'), new ActionFailure(403, 'Only admins'), new TypeError('fetch failed')]) {
      expect(toSaveFailure(error, { setError, fieldFor: onlyTitle }, () => null)).toEqual({ kind: 'failed', error });
    }
    expect(set).toEqual([]);
  });
});

describe('applyActionErrors', () => {
  it('returns null when every error is on a field, else the other messages or the error itself', () => {
    const fields = ['email'];
    let r = recorder();
    expect(
      applyActionErrors({ ok: false, status: 400, error: 'Invalid', errors: [{ path: 'email', message: 'Taken' }] }, r.setError, fields),
    ).toBeNull();
    expect(r.set).toEqual([['email', 'Taken']]);
    r = recorder();
    expect(
      applyActionErrors(
        { ok: false, status: 400, error: 'Invalid', errors: [{ path: 'role', message: 'Unknown role' }] },
        r.setError,
        fields,
      ),
    ).toBe('Unknown role');
    expect(applyActionErrors({ ok: false, status: 409, error: 'The last admin stays an admin' }, r.setError, fields)).toBe(
      'The last admin stays an admin',
    );
    expect(r.set).toEqual([]);
  });
});

describe('saveMergingConflicts', () => {
  /** A stand-in server: refuses a save based on an old revision, as saveDraft does, and records what it saved. */
  function server(latest: number) {
    const saved: Array<{ base: number; text: string }> = [];
    const action = async (input: { base: number; text: string }): Promise<ActionResult<number>> => {
      if (input.base !== latest) return { ok: false, status: 409, error: 'Stale', details: { latest } };
      saved.push(input);
      latest += 1;
      return { ok: true, data: latest };
    };
    return { action, saved };
  }
  const toConflict = (details: unknown) => details as { latest: number };

  it('saves the merge a conflict resolves into, on top of the newer revision', async () => {
    const { action, saved } = server(3);
    const result = await saveMergingConflicts(action, { base: 1, text: 'mine' }, toConflict, (c, input) => ({
      base: c.latest,
      text: `${input.text}+theirs`,
    }));
    expect(result).toEqual({ saved: 4, input: { base: 3, text: 'mine+theirs' }, mergedWith: [{ latest: 3 }] });
    expect(saved).toEqual([{ base: 3, text: 'mine+theirs' }]);
  });

  it('throws the 409 when the conflict needs a decision, or when nothing merges conflicts', async () => {
    const { action, saved } = server(3);
    await expect(saveMergingConflicts(action, { base: 1, text: 'mine' }, toConflict, () => null)).rejects.toMatchObject({ status: 409 });
    await expect(saveMergingConflicts(action, { base: 1, text: 'mine' }, toConflict)).rejects.toMatchObject({ status: 409 });
    expect(saved).toEqual([]);
  });

  it('gives up after a few merges in a row', async () => {
    const { action, saved } = server(3);
    // A merge that never catches up (it keeps the old base): refused every time.
    let merges = 0;
    const stale = (_c: { latest: number }, input: { base: number; text: string }) => (merges++, input);
    await expect(saveMergingConflicts(action, { base: 1, text: 'mine' }, toConflict, stale)).rejects.toMatchObject({ status: 409 });
    expect(merges).toBe(3);
    expect(saved).toEqual([]);
  });
});
