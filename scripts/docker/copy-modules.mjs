#!/usr/bin/env node
// @ts-check
/**
 * `node scripts/docker/copy-modules.mjs <dest>/node_modules <package>… [--skip <package>…]`: copies
 * the named packages and everything they depend on (dependencies, installed optional dependencies,
 * required peer dependencies), resolved the way Node resolves them through package-lock.json's
 * layout, from ./node_modules to <dest>. `--skip` leaves out packages (and what only they need)
 * that the command run from <dest> never loads. What Node never loads is not copied: type
 * declarations, TypeScript sources, source maps and Markdown (licences stay). The migrate image
 * uses it to carry the Prisma CLI and the schema engine without the rest of the development tree.
 */
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const skipAt = args.indexOf('--skip');
const [dest, ...roots] = skipAt === -1 ? args : args.slice(0, skipAt);
const skipped = new Set(skipAt === -1 ? [] : args.slice(skipAt + 1));
if (!dest || roots.length === 0) {
  console.error('usage: copy-modules.mjs <dest node_modules> <package>… [--skip <package>…]');
  process.exit(2);
}
/** @type {{ packages: Record<string, { dependencies?: Record<string, string>, optionalDependencies?: Record<string, string>, peerDependencies?: Record<string, string>, peerDependenciesMeta?: Record<string, { optional?: boolean }> }> }} */
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));

/** The lockfile key a dependency of the package at `from` resolves to (nearest node_modules up the tree). */
function resolve(name, from) {
  for (let dir = from; ;) {
    const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[key] && fs.existsSync(key)) return key;
    if (!dir) return null;
    const at = dir.lastIndexOf('/node_modules/');
    dir = at === -1 ? '' : dir.slice(0, at);
  }
}

const wanted = new Set();
const queue = roots.map((name) => {
  const key = resolve(name, '');
  if (!key) throw new Error(`${name} is not installed`);
  return key;
});
while (queue.length > 0) {
  const key = /** @type {string} */ (queue.shift());
  if (wanted.has(key)) continue;
  wanted.add(key);
  const entry = lock.packages[key];
  const requiredPeers = Object.keys(entry.peerDependencies ?? {}).filter((name) => !entry.peerDependenciesMeta?.[name]?.optional);
  const names = [...requiredPeers, ...Object.keys(entry.optionalDependencies ?? {}), ...Object.keys(entry.dependencies ?? {})];
  for (const name of names) {
    if (skipped.has(name)) continue;
    const found = resolve(name, key);
    if (found) queue.push(found);
    else if (entry.dependencies?.[name]) throw new Error(`${key} needs ${name}, which is not installed`);
  }
}

/** Files a package carries for editors and readers, never for `node`. */
const NOT_LOADED = /\.([cm]?tsx?|map|md)$/i;

let bytes = 0;
for (const key of [...wanted].sort()) {
  const target = path.join(dest, key.replace(/^node_modules\//, ''));
  // A package's own nested node_modules are copied as packages of their own, only when needed.
  fs.cpSync(key, target, {
    recursive: true,
    filter: (src) => (path.basename(src) !== 'node_modules' || src === key) && !(NOT_LOADED.test(src) && fs.statSync(src).isFile()),
  });
  for (const file of fs.readdirSync(target, { recursive: true, withFileTypes: true }))
    if (file.isFile()) bytes += fs.statSync(path.join(file.parentPath, file.name)).size;
}
console.log(`copied ${wanted.size} packages (${(bytes / 1e6).toFixed(1)} MB) to ${dest}`);
