# syntax=docker/dockerfile:1
# Multi-stage image for the film-page CMS.
#   target "runner"  (default): the Next.js standalone server, non-root, production deps only
#   target "migrate": a one-shot `prisma migrate deploy` (the offline WebAssembly engine, no download)

FROM node:20-bookworm-slim AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# Every instance built from this image shares one Server Actions key (set it for multi-image setups).
ARG NEXT_SERVER_ACTIONS_ENCRYPTION_KEY
ENV NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=${NEXT_SERVER_ACTIONS_ENCRYPTION_KEY}
RUN node scripts/prisma.mjs generate && npx next build

FROM node:20-bookworm-slim AS migrate
WORKDIR /app
ENV NODE_ENV=production CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
COPY --from=deps /app/node_modules ./node_modules
COPY package.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts/prisma.mjs ./scripts/prisma.mjs
COPY scripts/prisma ./scripts/prisma
USER node
CMD ["node", "scripts/prisma.mjs", "migrate", "deploy"]

FROM node:20-bookworm-slim AS runner
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --from=build --chown=node:node /app/public ./public
# The wrapper around server.js: request ids, JSON logs, graceful shutdown that closes the pools.
COPY --from=build --chown=node:node /app/server ./server
# Uploaded images (MEDIA_DIR) when no S3 is configured: a volume in docker-compose.yml. Made here,
# owned by node, so a fresh named volume mounted on it is writable by the server.
ENV MEDIA_DIR=/data/media
RUN mkdir -p /data/media && chown -R node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server/serve.mjs"]
