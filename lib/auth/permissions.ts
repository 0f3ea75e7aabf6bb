import { ForbiddenError, UnauthorizedError } from '../errors';

export const ROLES = ['ADMIN', 'EDITOR'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who is acting: a signed-in user (session cookie) or an API token. Every mutation receives one and
 * checks it here, in the data layer: hiding a button is not access control.
 */
export type Actor = {
  userId: string;
  /** Email of the user, or "token:name" for an API token, kept in the audit log. */
  label: string;
  role: Role;
  via: 'session' | 'token' | 'system';
  tokenId?: string;
};

/** What each role may do (PRODUCT.md section 4). */
const PERMISSIONS = {
  'film.read': ['ADMIN', 'EDITOR'],
  'film.edit': ['ADMIN', 'EDITOR'],
  'film.publish': ['ADMIN', 'EDITOR'],
  'quiz.edit': ['ADMIN'],
  'quiz.stats': ['ADMIN', 'EDITOR'],
  'user.manage': ['ADMIN'],
  'token.manage': ['ADMIN'],
  'audit.read': ['ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(actor: Actor | null | undefined, permission: Permission): boolean {
  return !!actor && (PERMISSIONS[permission] as readonly Role[]).includes(actor.role);
}

/** Throws 401 without an actor and 403 when the actor's role lacks the permission. */
export function assertCan(actor: Actor | null | undefined, permission: Permission): asserts actor is Actor {
  if (!actor) throw new UnauthorizedError();
  if (!can(actor, permission)) throw new ForbiddenError(`Your role (${actor.role.toLowerCase()}) cannot ${permission.replace('.', ' ')}`);
}
