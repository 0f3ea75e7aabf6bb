import { DomainError, ValidationError } from '../errors';

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
  throw caught;
}
