# Multi-stage image for the film-page CMS, on Node 24 LTS (package.json `engines` lists the others).
#   target "runner"  (default): the Next.js standalone server, non-root, production deps only
#   target "migrate": a one-shot `prisma migrate deploy` (the offline WebAssembly engine, no download),
#                     then scripts/ops/rekey-images.mjs (random ids for content-hash-named images)
# No `# syntax=` line: BuildKit would fetch a frontend image for it, and nothing here needs one.
# Builds with BuildKit and with the classic builder alike (scripts/test-docker.mjs builds both).

FROM node:24-bookworm-slim AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# Every instance built from this image shares one Server Actions key (set it for multi-image setups).
# A key given here is inside the image (its environment and build history): docs/deploy.md.
ARG NEXT_SERVER_ACTIONS_ENCRYPTION_KEY
ENV NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=${NEXT_SERVER_ACTIONS_ENCRYPTION_KEY}
# Types are checked by `npm test` (tsc --noEmit), not again here (next.config.js).
ENV NEXT_BUILD_SKIP_TYPECHECK=1
# public/ is optional in Next; made here so the runner's COPY works with or without one.
RUN node scripts/prisma.mjs generate && npx next build && mkdir -p public

# Only what `prisma migrate deploy` loads: the CLI, the WebAssembly schema engine and its pg adapter,
# installed from a dependency set of its own (scripts/docker/migrate/, the same versions as the
# app's), not taken from the app's development tree. Skipped when copied: what the CLI loads only
# for `prisma studio` (React) and `prisma dev` (PGlite).
FROM node:24-bookworm-slim AS migrate-modules
WORKDIR /migrate-deps
COPY scripts/docker/migrate/package.json scripts/docker/migrate/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY scripts/docker/copy-modules.mjs ./copy-modules.mjs
RUN node copy-modules.mjs /migrate/node_modules \
      prisma @prisma/schema-engine-wasm @prisma/driver-adapter-utils @prisma/adapter-pg pg \
      --skip react react-dom @types/react @electric-sql/pglite @electric-sql/pglite-socket @electric-sql/pglite-tools

FROM node:24-bookworm-slim AS migrate
WORKDIR /app
ENV NODE_ENV=production CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
COPY --from=migrate-modules /migrate/node_modules ./node_modules
COPY package.json prisma.config.ts ./
COPY prisma/schema.prisma ./prisma/schema.prisma
COPY prisma/migrations ./prisma/migrations
COPY scripts/prisma.mjs ./scripts/prisma.mjs
COPY scripts/prisma/schema-engine.mjs ./scripts/prisma/schema-engine.mjs
COPY lib/ops/secret-files.mjs ./lib/ops/secret-files.mjs
COPY scripts/ops/rekey-images.mjs ./scripts/ops/rekey-images.mjs
USER node
# Then the one data step SQL cannot do: content-hash image ids become random, their files moved (MEDIA_DIR).
CMD ["sh", "-c", "node scripts/prisma.mjs migrate deploy && node scripts/ops/rekey-images.mjs"]

FROM node:24-bookworm-slim AS runner
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0
# The code belongs to root (the server cannot change it); it runs as node, or any uid in group 0.
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
# The wrapper around Next's handler: request ids, JSON logs, graceful shutdown that closes the pools.
COPY --from=build /app/server ./server
# Uploaded images (MEDIA_DIR) when no S3 is configured: a volume in docker-compose.yml. Made here,
# owned by node and writable by group 0, so a fresh named volume mounted on it is writable by the
# server as node and under an arbitrary uid with gid 0 (`--user 12345:0`, as OpenShift runs images).
ENV MEDIA_DIR=/data/media
RUN mkdir -p /data/media && chown -R node:0 /data && chmod -R g=u /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server/serve.mjs"]
