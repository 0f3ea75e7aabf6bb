import { fileURLToPath } from 'node:url';
import { FIXED_SECURITY_HEADERS } from './lib/security/security-policy.mjs';

// The page and data cache (lib/cache): shared through Redis when the server runs with REDIS_URL,
// else in the process's memory. Always configured, because the choice is made at run time: one
// image serves both set-ups. No `cacheHandlers`: the app has no 'use cache'.
const cacheHandler = fileURLToPath(new URL('./lib/cache/incremental-cache-handler.mjs', import.meta.url));

/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'standalone',
  // Separate build folders let several builds (tests, parallel work) share one checkout.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // proxy.ts gets the request's address exactly as the server saw it (no `localhost` in place of
  // 127.0.0.1, 0.0.0.0 or ::), so its rewrites stay inside the server; see sameOrigin() there.
  skipProxyUrlNormalize: true,
  reactStrictMode: true,
  // A reader who shortens /films/{slug} to /films lands on the films index (the home page, with its filters).
  async redirects() {
    // `/films` is the list, in each language (`/fr/films` → `/fr`; a language the site lacks is then the 404 page).
    return [
      { source: '/films', destination: '/', permanent: true },
      { source: '/:locale([a-z]{2,3})/films', destination: '/:locale', permanent: true },
    ];
  },
  // forbidden(): admin-only editor pages answer an editor with 403 and app/(editor)/editor/forbidden.tsx.
  // proxyClientMaxBodySize: Next copies every request body proxy.ts sees, cut at this size, so the
  // largest body a route takes (an image upload, 15 MiB plus its form) must fit. What each route may
  // send at all is decided before Next, by the request guard (lib/http/body-limits.mjs).
  experimental: { authInterrupts: true, proxyClientMaxBodySize: 16 * 1024 * 1024, globalNotFound: true },
  // The generated Prisma client and the argon2/pg natives run on the server only.
  // prom-client: one copy per process, shared by the bundles and serve.mjs (lib/metrics/metrics.mjs).
  serverExternalPackages: ['@node-rs/argon2', 'pg', 'pino', 'proxy-addr', 'prom-client'],
  // server/serve.mjs loads these modules from the standalone folder; nothing else traces the
  // request guard there (proxy-addr, external above, is traced with lib/env.ts). The migrations
  // are read by /api/ready (lib/ops/schema-status.ts) to say whether the schema is behind.
  outputFileTracingIncludes: {
    '/*': [
      './lib/ops/client-address.mjs',
      './lib/http/request-guard.mjs',
      './lib/http/body-limits.mjs',
      './lib/http/outage.mjs',
      './lib/http/problem.mjs',
      './lib/http/page-status.mjs',
      './lib/security/security-policy.mjs',
      './lib/reader/level-cookie.mjs',
      './lib/reader/reader-address.mjs',
      './lib/spoilers/spoiler-levels.mjs',
      './lib/cache/tag-versions.mjs',
      './lib/cache/bounded-cache.mjs',
      './lib/cache/surrogate-keys.mjs',
      './lib/metrics/*.mjs',
      './node_modules/@edge-runtime/cookies/**',
    ],
    '/api/ready': ['./prisma/migrations/*/migration.sql'],
  },
  // Uploaded images were resized and converted at upload (lib/media): next/image only picks a file,
  // it never resizes on request (no /_next/image work on the server).
  images: { loader: 'custom', loaderFile: './lib/media/image-loader.ts' },
  // The Docker build sets NEXT_BUILD_SKIP_TYPECHECK=1: the sources it builds were type-checked by
  // `npm test` (tsc --noEmit), and the check is the slowest part of `next build` (minutes on 2 cores).
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === '1' },
  cacheHandler,
  // The page cache in memory (without Redis, lib/cache/memory-store.mjs) holds a 1,000-film
  // catalogue at one level; Next's default (50 MB) held a few hundred pages, so a catalogue
  // thrashed it. The budget: docs/architecture.md, "The page cache".
  cacheMaxMemorySize: 192 * 1024 * 1024,
  // The headers that never vary; CSP and HSTS are per request (proxy.ts, lib/security).
  async headers() {
    return [{ source: '/:path*', headers: FIXED_SECURITY_HEADERS }];
  },
};

export default nextConfig;
