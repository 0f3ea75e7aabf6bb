import type { z } from 'zod';
import { fieldErrors, type FieldError } from './content/schema';
import { isDatabaseUnavailable, isInvalidTextError } from './db-errors';

/**
 * Domain errors carry their HTTP meaning, so route handlers and server actions translate them the
 * same way: 400 names each wrong field, 401/403/404/409/413/415/429/503 as fits. Nothing is changed when one is thrown.
 */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(readonly errors: FieldError[]) {
    super(400, errors.map((e) => `${e.path}: ${e.message}`).join('; ') || 'Invalid input');
  }
  static field(path: string, message: string) {
    return new ValidationError([{ path, message }]);
  }
  static fromZod(error: z.ZodError) {
    return new ValidationError(fieldErrors(error));
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Sign in to continue') {
    super(401, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You are not allowed to do this') {
    super(403, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError<T = unknown> extends DomainError {
  constructor(
    message: string,
    readonly details: T,
  ) {
    super(409, message);
  }
}

export class RateLimitError extends DomainError {
  readonly retryAfterSeconds: number;
  /** `limit` is the number allowed per window; the state is the limiter's after the refused hit. */
  constructor(
    readonly quota: { limit: number; state: { limited: boolean; remaining: number; retryAfterSeconds: number; resetSeconds?: number } },
  ) {
    super(429, `Too many requests: try again in ${quota.state.retryAfterSeconds} s`);
    this.retryAfterSeconds = quota.state.retryAfterSeconds;
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(readonly limitBytes: number) {
    super(413, `The request body is larger than ${limitBytes} bytes`);
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(expected: string) {
    super(415, `Send the body as ${expected}`);
  }
}

/** The database (or another dependency) cannot be reached: nothing was changed, try again later. */
export class ServiceUnavailableError extends DomainError {
  constructor(readonly retryAfterSeconds = 5) {
    super(503, 'The service is temporarily unavailable: try again in a moment');
  }
}

/** The JSON body an API returns for a domain error. */
export function errorBody(error: DomainError): Record<string, unknown> {
  if (error instanceof ValidationError) return { error: 'Invalid input', errors: error.errors };
  if (error instanceof ConflictError) return { error: error.message, ...(error.details as object) };
  return { error: error.message };
}

/**
 * Maps what a domain call may throw onto a DomainError, for route handlers and server actions
 * alike; anything else is a bug and is rethrown.
 */
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
  // Input checks refuse NUL and invalid Unicode first (lib/http/safe-text.ts); this is the backstop.
  if (isInvalidTextError(caught)) return ValidationError.field('(input)', 'must not contain NUL or invalid Unicode characters');
  throw caught;
}
