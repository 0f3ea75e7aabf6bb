#!/usr/bin/env node
// Run the local Prisma CLI fully offline: `node scripts/prisma.mjs <prisma args…>`.
//
// Prisma 7 downloads a native schema engine for migrate/generate; we point it at
// our WebAssembly-based shim instead (see scripts/prisma/schema-engine.mjs and
// docs/prisma-offline.md) and switch off everything else that phones home.
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSecretFiles } from '../lib/ops/secret-files.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const engine = path.join(root, 'scripts/prisma/schema-engine.mjs');
const cli = path.join(root, 'node_modules/prisma/build/index.js');

// The CLI spawns the engine directly, so it must be executable (a checkout or
// copy may have dropped the bit).
try {
  accessSync(engine, constants.X_OK);
} catch {
  chmodSync(engine, 0o755);
}

// DATABASE_URL_FILE / DATABASE_PASSWORD_FILE, as the app reads them (lib/ops/secret-files.mjs).
try {
  loadSecretFiles();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const env = {
  ...process.env,
  // Use our engine instead of downloading the native one.
  PRISMA_SCHEMA_ENGINE_BINARY: engine,
  // No update check / telemetry requests (checkpoint.prisma.io).
  CHECKPOINT_DISABLE: '1',
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  // The engine's `#!/usr/bin/env node` must find this same Node.
  PATH: [path.dirname(process.execPath), process.env.PATH].filter(Boolean).join(path.delimiter),
};

const child = spawn(process.execPath, [cli, ...process.argv.slice(2)], { stdio: 'inherit', env });
// Pass termination signals on and let Prisma decide when to exit.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('error', (err) => {
  console.error(`Could not start the Prisma CLI (${cli}): ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (!signal) process.exit(code ?? 1);
  process.removeAllListeners(signal);
  process.kill(process.pid, signal); // die the same way Prisma did
});
