import { z } from 'zod';

/** Filters of /editor/audit (from the query string: anything malformed is dropped, not an error). */
export const auditQuerySchema = z.object({
  action: z.string().trim().max(64).optional().catch(undefined),
  actor: z.string().trim().max(254).optional().catch(undefined),
  film: z.string().trim().max(120).optional().catch(undefined),
  /** Keyset cursor: the id of the last entry of the previous page. */
  before: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional()
    .catch(undefined),
  limit: z.coerce.number().int().min(1).max(200).default(50).catch(50),
});

export type AuditQuery = z.input<typeof auditQuerySchema>;

/** Action names the filter offers; "film." and friends match every action of that kind. */
export const AUDIT_ACTION_GROUPS = ['auth.', 'film.', 'quiz.', 'history.', 'user.', 'token.'] as const;
