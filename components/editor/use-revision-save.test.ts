import { describe, expect, it } from 'vitest';
import type { FieldValues, Path } from 'react-hook-form';
import { ActionFailure, applyActionErrors } from './action-result';
import { toSaveFailure } from './use-revision-save';

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
    expect(applyActionErrors({ ok: false, status: 400, error: 'Invalid', errors: [{ path: 'email', message: 'Taken' }] }, r.setError, fields)).toBeNull();
    expect(r.set).toEqual([['email', 'Taken']]);
    r = recorder();
    expect(applyActionErrors({ ok: false, status: 400, error: 'Invalid', errors: [{ path: 'role', message: 'Unknown role' }] }, r.setError, fields)).toBe('Unknown role');
    expect(applyActionErrors({ ok: false, status: 409, error: 'The last admin stays an admin' }, r.setError, fields)).toBe('The last admin stays an admin');
    expect(r.set).toEqual([]);
  });
});
