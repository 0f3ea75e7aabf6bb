#!/usr/bin/env node
// Offline stand-in for Prisma's native `schema-engine` binary.
//
// Prisma 7's CLI downloads a native schema engine before `migrate`/`generate`,
// which fails without internet. The CLI lets PRISMA_SCHEMA_ENGINE_BINARY point
// at any executable speaking the engine's protocol, so this script serves that
// protocol with the official WebAssembly build (@prisma/schema-engine-wasm),
// talking to PostgreSQL through @prisma/adapter-pg. Run via scripts/prisma.mjs.
//
// Invocations (as the CLI makes them):
//   schema-engine.mjs --version
//   schema-engine.mjs [--datamodels FILE]... --datasource '{"url":…}'
//       → JSON-RPC 2.0 server, one JSON object per line on stdin/stdout.
//   schema-engine.mjs --datasource '{"url":…}' cli can-connect-to-database|create-database|drop-database
//       → exit 0, or exit 1 with Prisma-style JSON error lines on stderr.
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';

// stdout is the JSON-RPC channel: keep any stray console output off it.
console.log = console.info = console.debug = console.error;

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  strict: false, // tolerate flags we don't use (--enabled-preview-features, --extension-types, …)
  options: {
    datamodels: { type: 'string', multiple: true },
    datasource: { type: 'string' },
    version: { type: 'boolean', short: 'V' },
  },
});

const datasource = opts.datasource ? JSON.parse(opts.datasource) : {};

// --- WebAssembly engine -------------------------------------------------------

let lastPanicMessage;

// Node 20 cannot `import` a .wasm file, so instantiate it by hand with the
// wasm-bindgen glue module as its import object (what schema_engine.js does on
// bundlers).
async function loadWasm() {
  // A Rust panic reports its message here before trapping; keep it for the error reply.
  globalThis.PRISMA_WASM_PANIC_REGISTRY = { set_message: (message) => (lastPanicMessage = message) };
  const glueUrl = import.meta.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const glue = await import(glueUrl);
  const bytes = await readFile(new URL('schema_engine_bg.wasm', glueUrl));
  const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  return glue;
}

// --- PostgreSQL plumbing -------------------------------------------------------

// The engine reads pg_catalog columns of PostgreSQL's internal `"char"` type
// (OID 18), which @prisma/adapter-pg rejects as an unsupported column type.
// Its values already arrive as strings, so report those columns as `text`.
const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
function charColumnsAsText(result) {
  for (const r of Array.isArray(result) ? result : [result]) {
    for (const field of r?.fields ?? []) if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
  }
  return result;
}
class CharAsTextClient extends pg.Client {
  query(config, values, callback) {
    if (typeof values === 'function') [values, callback] = [undefined, values];
    if (typeof callback === 'function') {
      return super.query(config, values, (err, res) => callback(err, err ? res : charColumnsAsText(res)));
    }
    const ret = super.query(config, values);
    return typeof ret?.then === 'function' ? ret.then(charColumnsAsText) : ret;
  }
}

/**
 * Split a Prisma-style URL into a pg pool config and adapter options (`?schema=`),
 * optionally switching to another database or defaulting the schema.
 */
function pgConfig(url, { database, defaultSchema } = {}) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new PrismaError('P1013', 'The provided database string is invalid. The datasource URL could not be parsed.');
  }
  if (!/^postgres(ql)?:$/.test(parsed.protocol)) {
    throw new PrismaError('P1013', `This schema engine shim only supports PostgreSQL URLs (got \`${parsed.protocol}\`).`);
  }
  const schema = parsed.searchParams.get('schema') ?? defaultSchema;
  parsed.searchParams.delete('schema');
  if (schema) {
    // The engine issues some unqualified DDL (e.g. CREATE TABLE "_prisma_migrations"),
    // so the schema must also be the session's search_path, as the native engine sets it.
    const ident = `"${schema.replaceAll('"', '""')}"`.replace(/[\s\\]/g, '\\$&');
    parsed.searchParams.set('options', `-c search_path=${ident}`);
  }
  // A connection string overrides a separate `database` option in pg, so edit the URL itself.
  if (database) parsed.pathname = `/${encodeURIComponent(database)}`;
  return {
    pool: { connectionString: parsed.toString(), Client: CharAsTextClient, max: 4 },
    adapter: schema ? { schema } : undefined,
    location: `${parsed.hostname}:${parsed.port || 5432}`,
    database: decodeURIComponent(parsed.pathname.slice(1)) || parsed.username || 'postgres',
  };
}

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

/**
 * Runs a migration script as one simple query, as the native engine does. @prisma/adapter-pg's own
 * `executeScript` splits the script at every semicolon, quoted or not, which breaks a function
 * body (a trigger's plpgsql) into pieces.
 */
function wholeScripts(adapter) {
  adapter.executeScript = async (script) => {
    try {
      await adapter.underlyingDriver().query(script);
    } catch (error) {
      adapter.onError(error);
    }
  };
  return adapter;
}

/**
 * Adapter factory for the engine: the main database, plus a shadow database that
 * is the configured `shadowDatabaseUrl` or else a temporary database created next
 * to the main one and dropped when the engine disposes it.
 */
function adapterFactory(url, shadowUrl) {
  const main = pgConfig(url);
  const factory = new PrismaPg(main.pool, main.adapter);
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => wholeScripts(await factory.connect()),
    // Admin statements go through adapter connections (not raw pg) so that
    // failures, e.g. a role without CREATEDB, reach the engine as readable errors.
    async connectToShadowDb() {
      if (shadowUrl) {
        // A configured shadow database is reused, so empty it first, like the native engine.
        // Without its own ?schema= it mirrors the main database's schema (the engine compares them).
        const shadow = pgConfig(shadowUrl, { defaultSchema: main.adapter?.schema });
        const schema = quoteIdent(shadow.adapter?.schema ?? 'public');
        const adapter = await new PrismaPg(shadow.pool, shadow.adapter).connect();
        await adapter.executeScript(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
        return wholeScripts(adapter);
      }
      const name = `prisma_shadow_${process.pid}_${Date.now().toString(36)}`;
      const admin = await factory.connect();
      try {
        await admin.executeScript(`CREATE DATABASE ${quoteIdent(name)}`);
      } catch (err) {
        await admin.dispose();
        throw err;
      }
      const shadow = pgConfig(url, { database: name });
      const adapter = await new PrismaPg(shadow.pool, shadow.adapter).connect();
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        try {
          await dispose(); // close the shadow pool first, so the DROP isn't blocked
          await admin.executeScript(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
        } finally {
          await admin.dispose();
        }
      };
      return wholeScripts(adapter);
    },
  };
}

// --- Errors ------------------------------------------------------------------

class PrismaError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

// Connection failures surface from the wasm engine as plain messages without a
// Prisma error code; recover the code the native engine would have sent.
const CONNECTION_ERRORS = [
  [/^Can't reach database server/, 'P1001'],
  [/^The database server was reached but timed out/, 'P1002'],
  [/^Database .* does not exist/, 'P1003'],
  [/^Authentication failed/, 'P1000'],
  [/^User .* was denied access/, 'P1010'],
  [/^Error opening a TLS connection/, 'P1011'],
];

/** Normalise anything thrown by the engine or pg into { code, message }. */
function describeError(err, location = '', database = '') {
  if (err instanceof PrismaError) return { code: err.code, message: err.message };
  const pgCode = err?.code;
  // Errors straight from `pg` (cli subcommands).
  if (['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'].includes(pgCode)) {
    return {
      code: 'P1001',
      message: `Can't reach database server at \`${location}\`\n\nPlease make sure your database server is running at \`${location}\`.`,
    };
  }
  if (pgCode === 'ETIMEDOUT') return { code: 'P1002', message: `The database server at \`${location}\` was reached but timed out.` };
  if (pgCode === '3D000')
    return { code: 'P1003', message: `Database \`${database}\` does not exist on the database server at \`${location}\`.` };
  if (pgCode === '28P01' || pgCode === '28000') {
    return { code: 'P1000', message: `Authentication failed against database server at \`${location}\`: ${err.message}` };
  }
  if (pgCode === '42P04')
    return { code: 'P1009', message: `Database \`${database}\` already exists on the database server at \`${location}\`` };
  // Errors from the engine: keep the message, drop the Rust span trace that follows it.
  const message = String(err?.message ?? err)
    .replace(/\n\s+0: [\w:]+[\s\S]*$/, '')
    .trimEnd();
  const code = /^P\d{4}$/.test(pgCode) ? pgCode : CONNECTION_ERRORS.find(([re]) => re.test(message))?.[1];
  return { code, message };
}

// --- `cli` subcommands -------------------------------------------------------

/** can-connect-to-database / create-database / drop-database, answered with plain pg. */
async function runCliCommand(command, url) {
  let target;
  try {
    if (!url) throw new PrismaError('P1012', 'No datasource URL was passed to the schema engine.');
    target = pgConfig(url);
    if (command === 'can-connect-to-database') {
      await withClient(target.pool.connectionString, (c) => c.query('SELECT 1'));
    } else if (command === 'create-database' || command === 'drop-database') {
      const sql = `${command === 'create-database' ? 'CREATE' : 'DROP'} DATABASE ${quoteIdent(target.database)}`;
      await withMaintenanceClient(url, (c) => c.query(sql));
    } else {
      throw new PrismaError(undefined, `Unsupported schema engine cli command: ${command ?? '(none)'}`);
    }
    return 0;
  } catch (err) {
    const { code, message } = describeError(err, target?.location, target?.database);
    // The CLI skips the first stderr line and parses every following line as JSON.
    const line = { level: 'ERROR', target: 'schema_engine::logger', fields: { message, ...(code && { error_code: code }) } };
    process.stderr.write(`schema-engine cli ${command} failed\n${JSON.stringify(line)}`);
    return 1;
  }
}

async function withClient(connectionString, fn) {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {}); // errors are reported through the awaited calls
  try {
    await client.connect();
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Run `fn` connected to a database other than the target (to create/drop it): `postgres`, else `template1`. */
async function withMaintenanceClient(url, fn) {
  try {
    return await withClient(pgConfig(url, { database: 'postgres' }).pool.connectionString, fn);
  } catch (err) {
    if (err?.code !== '3D000') throw err;
    return await withClient(pgConfig(url, { database: 'template1' }).pool.connectionString, fn);
  }
}

// --- JSON-RPC server ---------------------------------------------------------

async function serveJsonRpc() {
  const wasm = await loadWasm();
  const send = (msg) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...msg })}\n`);

  // The engine connects on construction; create it lazily so that a bad URL
  // becomes an error on the first request instead of a crash.
  let engine;
  const getEngine = () =>
    (engine ??= (async () => {
      if (!datasource.url) throw new PrismaError('P1012', 'No datasource URL was configured (set `datasource.url` in prisma.config.ts).');
      const datamodels = await Promise.all((opts.datamodels ?? []).map(async (file) => [file, await readFile(file, 'utf8')]));
      // Engine logs are already JSON lines like the native engine's: forward them to stderr.
      const log = (line) => process.stderr.write(line.endsWith('\n') ? line : `${line}\n`);
      const factory = bindMigrationAwareSqlAdapterFactory(adapterFactory(datasource.url, datasource.shadowDatabaseUrl));
      return wasm.SchemaEngine.new({ datamodels: datamodels.length ? datamodels : undefined }, log, factory);
    })());

  // wasm-bindgen raises some errors (e.g. malformed params) as uncaught exceptions
  // from inside the engine's futures: answer the pending request, then exit, as the
  // instance may be left in an inconsistent state.
  let pending;
  process.on('uncaughtException', (err) => {
    if (pending !== undefined) sendError(pending, err);
    else process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  });
  function sendError(id, err, isPanic = false) {
    const { code, message } = describeError(err);
    send({
      id,
      error: {
        code: 4466,
        message: 'An error happened. Check the data field for details.',
        data: { is_panic: isPanic, message, meta: null, ...(code && { error_code: code }) },
      },
    });
  }

  const methodNames = { getDatabaseVersion: 'version' };
  async function handle({ id, method, params }) {
    pending = id;
    try {
      const name = methodNames[method] ?? method;
      const e = await getEngine();
      const internal = ['constructor', 'free'].includes(name) || name.startsWith('_');
      if (internal || typeof wasm.SchemaEngine.prototype[name] !== 'function') {
        throw new PrismaError(undefined, `The schema engine method \`${method}\` is not available in the WebAssembly schema engine shim.`);
      }
      let result;
      try {
        result = await e[name](params);
      } catch (err) {
        // The wasm engine's evaluateDataLoss/createMigration can only read the
        // migration history's schema from a cache filled by diagnoseMigrationHistory
        // (they get no shadow database of their own). After `migrate dev` has just
        // applied migrations that cache is stale: refill it, then retry once.
        if (!String(err?.message).includes('shadow DB must be provided through an external factory')) throw err;
        if (!params?.migrationsList) throw err;
        await e.diagnoseMigrationHistory({
          migrationsList: params.migrationsList,
          optInToShadowDatabase: true,
          filters: params.filters ?? { externalTables: [], externalEnums: [] },
        });
        result = await e[name](params);
      }
      // The native engine prints `diff` output through a JSON-RPC `print` request
      // to the CLI; the wasm engine returns it instead. Relay it the native way.
      if (method === 'diff' && typeof result?.stdout === 'string') {
        send({ id: `print-${id}`, method: 'print', params: { content: result.stdout.replace(/\n$/, '') } });
      }
      send({ id, result: result ?? null });
    } catch (err) {
      // A wasm trap (Rust panic) leaves the instance unusable: report it as a panic and exit.
      const isPanic = err instanceof WebAssembly.RuntimeError;
      sendError(id, isPanic && lastPanicMessage ? new Error(lastPanicMessage) : err, isPanic);
      if (isPanic) process.exit(101);
    } finally {
      pending = undefined;
    }
  }

  // One request at a time: the CLI never pipelines, and the engine isn't re-entrant.
  let queue = Promise.resolve();
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (!line.trim()) return;
    let request;
    try {
      request = JSON.parse(line);
    } catch {
      send({ id: null, error: { code: -32700, message: 'Parse error' } });
      return;
    }
    // Skip notifications, and the CLI's acknowledgements of our `print` requests.
    if (request.id === undefined || request.method === undefined) return;
    queue = queue.then(() => handle(request));
  });
  // The CLI closes stdin when done; finish in-flight work, then exit (pg pools would keep us alive).
  lines.on('close', () => queue.then(() => process.exit(0)));
}

// --- Entry point (last, so every declaration above is initialised) ------------

if (opts.version) {
  const { version } = await loadWasm();
  process.stdout.write(`schema-engine-cli ${version()} (wasm shim)\n`);
} else if (positionals[0] === 'cli') {
  process.exitCode = await runCliCommand(positionals[1], datasource.url);
} else {
  await serveJsonRpc();
}
