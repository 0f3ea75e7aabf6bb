import { isDatabaseUnavailable, isInvalidTextError } from '../db-errors';
import { DomainError, ServiceUnavailableError, ValidationError } from '../errors';

/** Maps what a domain call may throw onto a DomainError; anything else is a bug and is rethrown. */
export function toDomainError(caught: unknown): DomainError {
  if (caught instanceof DomainError) return caught;
  // A unique constraint lost to a concurrent request (e.g. two films created with one slug).
  const prismaCode = (caught as { code?: string } | null)?.code;
  if (prismaCode === 'P2002') {
    const target = (caught as { meta?: { target?: string[] | string } }).meta?.target;
    const field = Array.isArray(target) ? target[0] : (target ?? 'value');
    return ValidationError.field(String(field), 'Already used');
  }
  // The database is down or dropped the connection: nothing was written, the client may retry.
  if (isDatabaseUnavailable(caught)) return new ServiceUnavailableError();
  // Input checks refuse NUL and invalid Unicode first (lib/api/safe-text.ts); this is the backstop.
  if (isInvalidTextError(caught)) return ValidationError.field('(input)', 'must not contain NUL or invalid Unicode characters');
  throw caught;
}
