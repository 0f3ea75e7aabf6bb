/**
 * The shipped shared cache on this machine: Debian's varnishd running deploy/varnish.vcl with both
 * of its backends pointed at one local server (the test's or the benchmark's), run as
 * docker-compose.yml runs it. Used by scripts/ops/shared-cache.int.test.ts and the shared-cache
 * benchmark (scripts/bench/shared-cache.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { findFreePort } from '../scripts/lib/database.mjs';
import { REPO_ROOT, buildModule, waitFor } from '../scripts/ops/support';
import { PROGRAMS, requirePrograms } from './required-programs.mjs';

export type Varnish = {
  port: number;
  /** varnishd's manager process (its cache process is its child). */
  pid: number;
  url: string;
  /** Until a health probe through the cache answers 200 (Varnish's own probe found the server healthy). */
  reachesServer: (timeoutMs?: number) => Promise<void>;
  stop: () => Promise<void>;
};

/** deploy/varnish.vcl with both backends at 127.0.0.1:`appPort`; throws unless both were found. */
export function localVcl(appPort: number): string {
  const shipped = fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'varnish.vcl'), 'utf8');
  const vcl = shipped.replace(/\.host = "[\d.]+";\s*\.port = "3000";/gu, `.host = "127.0.0.1"; .port = "${appPort}";`);
  const pointed = vcl.match(new RegExp(`\\.port = "${appPort}"`, 'gu'))?.length ?? 0;
  if (pointed !== 2) throw new Error(`deploy/varnish.vcl: expected 2 backends on port 3000, pointed ${pointed} at ${appPort}`);
  return vcl;
}

/**
 * What docker-compose.yml's `cache` service gives varnishd besides the image's own arguments: its
 * `command` (parameters, appended by the image's entrypoint) and the storage size (`VARNISH_SIZE`,
 * the image's `-s malloc,<size>`) at its default.
 */
export function composeCacheSettings(): { args: string[]; storageSize: string } {
  const compose = parse(fs.readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true, maxAliasCount: 100 }) as {
    services: { cache: { command?: string[]; environment?: Record<string, string> } };
  };
  const { command = [], environment = {} } = compose.services.cache;
  const storageSize = /^\$\{CACHE_SIZE:-([^}]+)\}$/u.exec(environment.VARNISH_SIZE ?? '')?.[1];
  if (!storageSize)
    throw new Error(`docker-compose.yml: the cache's VARNISH_SIZE is not \${CACHE_SIZE:-<size>}: ${environment.VARNISH_SIZE}`);
  return { args: command, storageSize };
}

/**
 * Starts varnishd in `dir` (its VCL and working folder) on `port` (default a free one) in front of
 * the server on `appPort`, which need not be up yet, with the settings docker-compose.yml runs it
 * with.
 */
export async function startVarnish({ dir, appPort, port }: { dir: string; appPort: number; port?: number }): Promise<Varnish> {
  requirePrograms('the shared cache', [PROGRAMS.varnishd]);
  const listen = port ?? (await findFreePort());
  const vclFile = path.join(dir, 'local.vcl');
  fs.writeFileSync(vclFile, localVcl(appPort));
  const { args, storageSize } = composeCacheSettings();
  const local = [
    '-F',
    '-n',
    path.join(dir, 'varnish'),
    '-a',
    `127.0.0.1:${listen}`,
    '-f',
    vclFile,
    '-s',
    `malloc,${storageSize}`,
    '-j',
    'none',
  ];
  const child = spawn('varnishd', [...local, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${listen}`;
  return {
    port: listen,
    pid: child.pid!,
    url,
    reachesServer: async (timeoutMs = 60_000) => {
      await waitFor(
        'varnish to reach the server',
        async () => (await fetch(`${url}/api/health`).catch(() => null))?.status === 200,
        timeoutMs,
        200,
      );
    },
    stop: async () => (await buildModule()).stopChild(child),
  };
}
