import 'server-only';
import type { z } from 'zod';
import { getActor } from './get-actor';
import { assertCan, type Actor, type Permission } from './permissions';
import { fieldErrors } from '../content/schema';
import type { ActionResult } from '../action-result';
import { assertSafeText } from '../http/safe-text';
import { ValidationError, ConflictError, toDomainError } from '../errors';

/**
 * The one way to write a server action: it resolves the actor, checks the permission, validates the
 * input with the entity's zod schema (and refuses unstorable text in it), and turns domain errors
 * (a database outage: 503) into a result the form can show.
 * Domain functions check the role again themselves; this wrapper makes forgetting impossible here.
 */
export function guardedAction<S extends z.ZodType, T>(
  permission: Permission,
  schema: S,
  handler: (input: z.output<S>, actor: Actor) => Promise<T>,
) {
  const action = async (input: z.input<S>): Promise<ActionResult<T>> => {
    try {
      const actor = await getActor();
      assertCan(actor, permission);
      // NUL or a lone surrogate would reach PostgreSQL and fail there: a 400 naming the field.
      assertSafeText(input);
      const parsed = schema.safeParse(input);
      if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
      return { ok: true, data: await handler(parsed.data, actor) };
    } catch (caught) {
      const error = toDomainError(caught);
      return {
        ok: false,
        status: error.status,
        error: error.message,
        ...(error instanceof ValidationError ? { errors: error.errors } : {}),
        ...(error instanceof ConflictError ? { details: error.details } : {}),
      };
    }
  };
  // Lets the authorization-matrix test enumerate every action and its permission.
  return Object.assign(action, { permission });
}
