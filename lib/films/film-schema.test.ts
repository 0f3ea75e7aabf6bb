import { describe, expect, it } from 'vitest';
import { slugSchema } from '../content/schema';
import {
  publishInputSchema,
  restoreInputSchema,
  revisionDiffParamsSchema,
  revisionParamsSchema,
  saveDraftInputSchema,
  slugParamsSchema,
  unpublishInputSchema,
} from './film-schema';

/** Well-formed, malformed, and at the length limit (120) either side. */
const SLUGS = [
  'kiss-and-cry',
  'film-2024',
  ' padded-slug ',
  'Kiss-And-Cry',
  'kiss--cry',
  '-kiss',
  'kiss_cry',
  '',
  'a'.repeat(120),
  'a'.repeat(121),
  'x'.repeat(200),
];

const requests = {
  'saveDraft action': (slug: string) => saveDraftInputSchema.safeParse({ slug, baseRevision: 1, content: {} }),
  'publish action': (slug: string) => publishInputSchema.safeParse({ slug, revision: 1 }),
  'unpublish action': (slug: string) => unpublishInputSchema.safeParse({ slug }),
  'restore action': (slug: string) => restoreInputSchema.safeParse({ slug, number: 1, baseRevision: 2 }),
  'route {slug}': (slug: string) => slugParamsSchema.safeParse({ slug }),
  'route {slug}/revisions/{n}': (slug: string) => revisionParamsSchema.safeParse({ slug, n: '1' }),
  'route {slug}/revisions/{n}/diff/{m}': (slug: string) => revisionDiffParamsSchema.safeParse({ slug, n: '1', m: '2' }),
};

describe('one slug rule', () => {
  it('server actions and API routes accept exactly the slugs a film page may have', () => {
    for (const slug of SLUGS) {
      const rule = slugSchema.safeParse(slug);
      for (const [name, parse] of Object.entries(requests)) {
        const result = parse(slug);
        expect({ name, slug, ok: result.success }).toEqual({ name, slug, ok: rule.success });
        if (result.success && rule.success) expect((result.data as { slug: string }).slug).toBe(rule.data);
        if (!result.success) expect(new Set(result.error.issues.map((issue) => issue.path.join('.')))).toEqual(new Set(['slug']));
      }
    }
  });
});
