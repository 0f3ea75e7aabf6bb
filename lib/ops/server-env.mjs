// @ts-check
/**
 * The variables the production server's plain modules read (server/serve.mjs, the front cache, the
 * page cache's Redis store and breaker, the logger): they run outside Next's bundles and cannot
 * import lib/env.ts, so their schemas live here and lib/env.ts takes them into its own (one
 * definition each, validated at start with the rest). `serverVariable(name)` reads one of them,
 * an empty value counting as unset (Compose passes unset variables as ""), and throws one line
 * naming it when it is malformed. Next's own variables (NEXT_PHASE, NEXT_RUNTIME) are not ours.
 */
import { z } from 'zod';
import { parseTrustedProxies } from './client-address.mjs';

/** @param {number} fallback */
const positiveInt = (fallback) => z.coerce.number().int().min(1).default(fallback);

export const serverVariables = {
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where server/serve.mjs listens (0: any free port). */
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOSTNAME: z.string().default('0.0.0.0'),
  /** Bounded connections (server/serve.mjs): headers, whole request, idle keep-alive, the drain on SIGTERM (ms). */
  HEADERS_TIMEOUT_MS: positiveInt(20_000),
  REQUEST_TIMEOUT_MS: positiveInt(300_000),
  KEEP_ALIVE_TIMEOUT: positiveInt(5_000),
  SHUTDOWN_TIMEOUT_MS: positiveInt(20_000),
  /** `0` turns the server wrapper's in-memory cache of reader pages off; its budget in MB. */
  FRONT_CACHE: z.enum(['0', '1']).default('1'),
  FRONT_CACHE_MAX_MB: positiveInt(256),
  /** The shared page cache and rate limits (lib/cache/redis-store.mjs); its keys' prefix, entries' longest life (s) and read timeout (ms). */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
  CACHE_KEY_PREFIX: z.string().default('film-cms'),
  CACHE_MAX_TTL_SECONDS: positiveInt(14 * 24 * 3600),
  CACHE_REDIS_TIMEOUT_MS: positiveInt(500),
  /** How long Redis is left alone after a failure (lib/cache/redis-breaker.mjs, ms). */
  REDIS_BREAKER_OPEN_MS: positiveInt(5_000),
  /**
   * The reverse proxies whose X-Forwarded-For is believed (addresses, CIDRs, or loopback /
   * linklocal / uniquelocal); unset: none, the socket's address is the client's
   * (lib/ops/client-address.mjs).
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .superRefine((value, ctx) => {
      try {
        parseTrustedProxies(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `${error instanceof Error ? error.message : error} (comma-separated addresses or CIDRs)` });
      }
    }),
  /** A second port serving `GET /metrics` without a token, bound to 127.0.0.1 only (server/serve.mjs). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /**
   * Shared caches to purge by tag on every change (lib/cache/purge-shared-caches.ts): comma-separated
   * http(s) URLs that take `PURGE` with `Surrogate-Key` (deploy/varnish.vcl). Set, reader pages get a
   * long s-maxage (server/serve.mjs), the purge bounding their staleness.
   */
  CACHE_PURGE_URLS: z
    .string()
    .default('')
    .refine(
      (value) =>
        value
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean)
          .every((url) => z.url({ protocol: /^https?$/ }).safeParse(url).success),
      'must be comma-separated http(s):// URLs such as http://cache:80/',
    ),
};

/**
 * One of serverVariables from process.env, validated; throws `Invalid environment: NAME …`.
 * @template {keyof typeof serverVariables} K
 * @param {K} name
 * @returns {z.output<(typeof serverVariables)[K]>}
 */
export function serverVariable(name) {
  const raw = process.env[name];
  const result = serverVariables[name].safeParse(raw === '' ? undefined : raw);
  if (!result.success) throw new Error(`Invalid environment: ${name} ${result.error.issues[0]?.message}`);
  return /** @type {z.output<(typeof serverVariables)[K]>} */ (result.data);
}
