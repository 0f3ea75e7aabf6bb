import 'server-only';
import { z } from 'zod';
import { serverVariables } from './ops/server-env.mjs';
import { withSecretFiles } from './ops/secret-files.mjs';

/**
 * Environment, validated once when the server starts (instrumentation.ts): a missing or malformed
 * variable stops the process with one line naming it, instead of failing later mid-request. Code
 * reads variables through `env()` or `siteEnv()`, never from process.env; the production server's
 * plain modules, which cannot import this file, through lib/ops/server-env.mjs (whose schemas are
 * part of this one).
 */

/**
 * What rendering a page may read: the site's address and the session secret. `next build`
 * prerenders pages without a database, so `siteEnv()` validates these without requiring DATABASE_URL.
 */
const siteVariables = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Signs sessions and rate-limit keys; read by lib/auth/auth-secret.ts. Required in production (below). */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The public address (canonical links, Open Graph, JSON-LD, the sitemap); read by lib/seo/site-url.ts. */
  SITE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL such as https://films.example.com' }).optional(),
  /** next-auth's own name for the site's address: the fallback when only it is set. */
  NEXTAUTH_URL: z.string().optional(),
  /**
   * The languages of the site's content, as BCP 47 tags separated by commas, the first the default
   * (`en,fr`): the default is the source every translation is made from (lib/i18n/site-locales.ts).
   */
  SITE_LOCALES: z
    .string()
    .default('en')
    .transform((value) => value.split(',').map((tag) => tag.trim()))
    .pipe(
      z
        .array(z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'must list language tags such as en or fr-CA, separated by commas'))
        .min(1)
        .refine((tags) => new Set(tags).size === tags.length, 'must not name a language twice'),
    ),
  /** Set by `npm start` on the embedded database: demo accounts and a generated secret are allowed. */
  CMS_DEMO_MODE: z.enum(['0', '1']).default('0'),
};

const envSchema = z
  .object({
    ...siteVariables,
    // What the production server's plain modules read too (server/serve.mjs, the caches, the logger).
    ...serverVariables,
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgresql:// URL' }),
    DATABASE_REPLICA_URLS: z.string().default(''),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    DEMO_PASSWORD: z.string().default('demo-password'),
    /** The scheduled-job runner (lib/schedule/job-runner.ts) every instance starts; `off` for an instance that must not run jobs. */
    JOB_RUNNER: z.enum(['on', 'off']).default('on'),
    /** A claimed job's lease and how often its runner renews it (lib/schedule/job-runner.ts); defaults 30 s and 10 s. */
    JOB_LEASE_MS: z.coerce.number().int().min(1_000).optional(),
    JOB_LEASE_RENEW_MS: z.coerce.number().int().min(100).optional(),
    /** `1` lets webhooks go to loopback, private and link-local addresses (lib/webhooks/outbound-address.ts): tests, a receiver on the same network. */
    WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
    /** `GET /metrics` on the main port answers with `Authorization: Bearer {this}` (app/metrics/route.ts); unset: 404 there. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** A file every SQL statement is appended to, one line each (lib/db.ts): `npm run bench` counts statements per request with it. */
    DB_QUERY_LOG: z.string().optional(),
    // ---- media (lib/media/storage.ts): a folder by default, any S3 API when the four MEDIA_S3_* are set
    /** Where uploaded images are kept without S3 (a Docker volume in production). */
    MEDIA_DIR: z.string().default('.data/media'),
    MEDIA_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL such as http://minio:9000' }).optional(),
    MEDIA_S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
      .optional(),
    MEDIA_S3_KEY: z.string().optional(),
    MEDIA_S3_SECRET: z.string().optional(),
    MEDIA_S3_REGION: z.string().default('us-east-1'),
    /** What a killed upload left in the media storage is removed once unchanged this long (lib/media/sweep-media.ts; at start and hourly). */
    MEDIA_SWEEP_GRACE_MS: z.coerce.number().int().min(0).default(3_600_000),
    // ---- mail (lib/mail/send-mail.ts): invitations and password resets; unset, the admin hands the link over
    /** smtp://user:pass@host:587 or smtps://…:465 (nodemailer's URL form; options such as ?pool=true in the query). */
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587' })
      .optional(),
    /** The sender of those mails, e.g. `Film pages <films@example.com>`; default no-reply at SITE_URL's host. */
    MAIL_FROM: z.string().min(3, 'must be an address such as Film pages <films@example.com>').max(320).optional(),
    /** Uploads nothing references (no revision, autosave, published page or person) are removed once this many days old (lib/media/sweep-unused-media.ts). */
    MEDIA_UNUSED_GRACE_DAYS: z.coerce.number().min(0).default(7),
    /** Images processed at once per instance (lib/media/image-jobs.ts); default one per core. */
    IMAGE_JOBS: z.coerce.number().int().min(1).max(64).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.CMS_DEMO_MODE !== '1') {
      if (!env.AUTH_SECRET) ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
      if (env.ADMIN_PASSWORD === 'demo-password' || env.ADMIN_PASSWORD === env.DEMO_PASSWORD)
        ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'must not be the demo password in production' });
    }
    const s3 = [env.MEDIA_S3_ENDPOINT, env.MEDIA_S3_BUCKET, env.MEDIA_S3_KEY, env.MEDIA_S3_SECRET];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      const names = ['MEDIA_S3_ENDPOINT', 'MEDIA_S3_BUCKET', 'MEDIA_S3_KEY', 'MEDIA_S3_SECRET'];
      const missing = names.filter((_, i) => !s3[i]);
      ctx.addIssue({
        code: 'custom',
        path: [missing[0]],
        message: `is required with ${names.filter((_, i) => s3[i]).join(', ')} (${names.join(', ')} go together)`,
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD))
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: env.ADMIN_EMAIL ? 'is required with ADMIN_EMAIL (they go together)' : 'is required with ADMIN_PASSWORD (they go together)',
      });
  });

export type Env = z.output<typeof envSchema>;

const siteEnvSchema = z.object(siteVariables);
export type SiteEnv = z.output<typeof siteEnvSchema>;

export function describeEnvError(error: z.ZodError): string {
  return error.issues.map((i) => `Invalid environment: ${i.path.join('.') || 'env'} ${i.message}`).join('\n');
}

/**
 * process.env without empty values (Compose passes unset variables as empty strings: absent), with
 * secrets given as files (`AUTH_SECRET_FILE`, …, lib/ops/secret-files.mjs) read in.
 */
const presentVariables = () => withSecretFiles(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')));

function parsed<S extends z.ZodType>(schema: S): z.output<S> {
  const result = schema.safeParse(presentVariables());
  if (!result.success) throw new Error(describeEnvError(result.error));
  return result.data;
}

let cached: Env | undefined;
let cachedSite: SiteEnv | undefined;

/** The validated environment; throws one clear line per wrong variable. */
export function env(): Env {
  return (cached ??= parsed(envSchema));
}

/** The variables page rendering reads (see siteVariables), also during `next build` without a database. */
export function siteEnv(): SiteEnv {
  return (cachedSite ??= parsed(siteEnvSchema));
}
