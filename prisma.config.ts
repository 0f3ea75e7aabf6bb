// Prisma 7 configuration (read by every `prisma` command; run them through
// `node scripts/prisma.mjs …` so they work offline, see docs/prisma-offline.md).
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: {
    path: 'prisma/migrations',
  },
  datasource: {
    // In Prisma 7 the connection URL lives here, not in schema.prisma.
    // Plain process.env (not `env()`, which throws when unset) so that commands
    // that need no database, like `prisma generate`, work without DATABASE_URL.
    url: process.env.DATABASE_URL,
  },
});
