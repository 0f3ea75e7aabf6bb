// @ts-check
/**
 * The JavaScript a page of the production build makes the browser load, read from the build's
 * manifests (bytes, not time): the framework's first scripts every page loads
 * (`build-manifest.json`'s `rootMainFiles`), and the chunks of the client components in the route's
 * layouts and page (`entryJSFiles` of its `page_client-reference-manifest.js`). Each file is counted
 * gzipped as the server sends it (Next's compression: gzip at zlib's default level). The polyfills
 * are left out: they load only in browsers without ES modules (`nomodule`).
 *
 * Used by e2e/js-budget.spec.ts (the reader pages' budget) and scripts/bench/reader-pages.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';

/** @typedef {{ route: string, files: string[], gzipBytes: number, rawBytes: number, clientModules: string[] }} RouteJs */

/** @param {string} dir */
function walk(dir) {
  /** @type {string[]} */
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else out.push(full);
  }
  return out;
}

/**
 * A client reference manifest is a script that sets `globalThis.__RSC_MANIFEST[route]`: run in a
 * context of its own, it touches nothing here.
 * @param {string} file
 * @returns {{ route: string, entryJSFiles: Record<string, string[]>, clientModules: Record<string, unknown> }}
 */
function readClientManifest(file) {
  /** @type {{ __RSC_MANIFEST: Record<string, any>, self?: unknown, globalThis?: unknown }} */
  const sandbox = { __RSC_MANIFEST: {} };
  sandbox.self = sandbox;
  sandbox.globalThis = sandbox;
  vm.runInNewContext(fs.readFileSync(file, 'utf8'), sandbox, { filename: file });
  const [route, manifest] = Object.entries(sandbox.__RSC_MANIFEST)[0];
  return { route, entryJSFiles: manifest.entryJSFiles ?? {}, clientModules: manifest.clientModules ?? {} };
}

/**
 * Every app route's JavaScript in the build at `distDir` (`.next`).
 * @param {string} distDir
 * @returns {{ rootMainFiles: string[], routes: RouteJs[], sizeOf: (files: string[]) => { gzipBytes: number, rawBytes: number } }}
 */
export function readPageJs(distDir) {
  const buildManifest = JSON.parse(fs.readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
  /** @type {string[]} */
  const rootMainFiles = buildManifest.rootMainFiles;
  /** @type {Map<string, { gzip: number, raw: number }>} */
  const sizes = new Map();
  /** @param {string} file */
  const size = (file) => {
    let known = sizes.get(file);
    if (!known) {
      const body = fs.readFileSync(path.join(distDir, file));
      known = { gzip: zlib.gzipSync(body).length, raw: body.length };
      sizes.set(file, known);
    }
    return known;
  };
  /** @param {string[]} files */
  const sizeOf = (files) =>
    files.reduce((sum, f) => ({ gzipBytes: sum.gzipBytes + size(f).gzip, rawBytes: sum.rawBytes + size(f).raw }), {
      gzipBytes: 0,
      rawBytes: 0,
    });
  const manifests = walk(path.join(distDir, 'server', 'app')).filter((file) => file.endsWith('page_client-reference-manifest.js'));
  const routes = manifests.map((file) => {
    const manifest = readClientManifest(file);
    const files = [...new Set([...rootMainFiles, ...Object.values(manifest.entryJSFiles).flat()])].filter((f) => f.endsWith('.js'));
    return { route: manifest.route, files, ...sizeOf(files), clientModules: Object.keys(manifest.clientModules) };
  });
  return { rootMainFiles, routes: routes.sort((a, b) => a.route.localeCompare(b.route)), sizeOf };
}

/** The reader site's routes (the `(reader)` route group): what a reader's browser loads. */
export const isReaderRoute = (/** @type {string} */ route) => route.startsWith('/(reader)/') || route.startsWith('/(translated)/');

/**
 * The floor: what every page loads whatever it holds, the framework's first scripts
 * (`rootMainFiles`: Next 16's app router and React 19, and instrumentation-client.ts, a few lines).
 * A page's own client components, its error boundaries included, come on top.
 * @param {ReturnType<typeof readPageJs>} build
 */
export function frameworkFloor(build) {
  return { route: '(framework)', files: build.rootMainFiles, ...build.sizeOf(build.rootMainFiles), clientModules: [] };
}
