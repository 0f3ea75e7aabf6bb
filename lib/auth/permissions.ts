import { ForbiddenError, UnauthorizedError } from '../errors';

/** Highest first: an API token never acts above its creator (lib/auth/actor-from-request.ts). */
export const ROLES = ['ADMIN', 'EDITOR', 'WRITER'] as const;
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
  /** Signed in with a password an admin set: nothing is allowed until the user chooses their own. */
  mustChangePassword?: boolean;
};

/** What each role may do (docs/product.md, "Roles"). */
const PERMISSIONS = {
  'film.read': ['ADMIN', 'EDITOR', 'WRITER'],
  /** Create films and save drafts (restoring makes a new draft, never publishes). */
  'film.edit': ['ADMIN', 'EDITOR', 'WRITER'],
  /**
   * Publish and unpublish; also a person's page (photo, dates, biography), which is live once saved.
   * Never a writer's, whose changes go through review.
   */
  'film.publish': ['ADMIN', 'EDITOR'],
  /**
   * The media library's changes: replace an upload's file, set its focal point, delete an unused
   * one. They change every film and person using the image at once (live for what is published),
   * so not a writer's, whose changes go through review.
   */
  'media.manage': ['ADMIN', 'EDITOR'],
  'quiz.edit': ['ADMIN'],
  'quiz.stats': ['ADMIN', 'EDITOR'],
  'user.manage': ['ADMIN'],
  'token.manage': ['ADMIN'],
  /** Webhook endpoints: where changes are announced, their secrets and deliveries (also by token). */
  'webhook.manage': ['ADMIN'],
  'audit.read': ['ADMIN'],
  /** Revision retention: the setting that may prune old unnamed saves. */
  'history.retention': ['ADMIN'],
  /** One's own account: change password, sign out everywhere. */
  'account.update': ['ADMIN', 'EDITOR', 'WRITER'],
  // Scheduled publishing. Scheduling itself is film.publish; this is the job list of
  // every film (/editor/jobs) and retrying failed jobs.
  'job.manage': ['ADMIN'],
  /** The server's own statistics (its caches' sizes and hit rates): operations, also by token. */
  'ops.read': ['ADMIN'],
  // ---- review workflow: a writer submits, an editor (the reviewer role) decides
  'review.submit': ['ADMIN', 'EDITOR', 'WRITER'],
  /** Approve (which publishes the named revision) or request changes. */
  'review.decide': ['ADMIN', 'EDITOR'],
  /** Write editorial comments and resolve them. */
  'comment.write': ['ADMIN', 'EDITOR', 'WRITER'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * What an API token may never do, whatever its role: tokens are for the REST API's content work,
 * so they cannot create tokens or users (a stolen token must not mint a successor that outlives it).
 */
const SESSION_ONLY: ReadonlySet<Permission> = new Set(['user.manage', 'token.manage', 'account.update', 'audit.read', 'history.retention']);

/** For messages: "Your role (editor) cannot manage users". */
const PERMISSION_LABELS: Record<Permission, string> = {
  'film.read': 'read films',
  'film.edit': 'edit films',
  'film.publish': "publish films or change people's pages",
  'media.manage': 'change or delete uploaded images',
  'quiz.edit': 'edit quizzes',
  'quiz.stats': 'read quiz statistics',
  'user.manage': 'manage users',
  'token.manage': 'manage API tokens',
  'webhook.manage': 'manage webhooks',
  'audit.read': 'read the audit log',
  'history.retention': 'change how long revisions are kept',
  'account.update': 'change this account',
  'job.manage': 'manage scheduled jobs',
  'ops.read': "read the server's statistics",
  'review.submit': 'submit a revision for review',
  'review.decide': 'approve or send back a review',
  'comment.write': 'comment on films',
};

export function can(actor: Actor | null | undefined, permission: Permission): boolean {
  if (!actor || (actor.mustChangePassword && permission !== 'account.update')) return false;
  if (actor.via === 'token' && SESSION_ONLY.has(permission)) return false;
  return (PERMISSIONS[permission] as readonly Role[]).includes(actor.role);
}

/** Throws 401 without an actor and 403 when the actor's role lacks the permission. */
export function assertCan(actor: Actor | null | undefined, permission: Permission): asserts actor is Actor {
  if (!actor) throw new UnauthorizedError();
  if (actor.mustChangePassword && permission !== 'account.update') throw new ForbiddenError('Choose a new password first');
  if (actor.via === 'token' && SESSION_ONLY.has(permission))
    throw new ForbiddenError(`An API token cannot ${PERMISSION_LABELS[permission]}: sign in`);
  if (!can(actor, permission)) throw new ForbiddenError(`Your role (${actor.role.toLowerCase()}) cannot ${PERMISSION_LABELS[permission]}`);
}
