/**
 * One version of each Prisma package: the app's (@prisma/client, @prisma/adapter-pg), the CLI and
 * the WebAssembly schema engine (the engine build the CLI names, docs/prisma-offline.md), and the
 * migrate image's own dependency set (scripts/docker/migrate/, what the Dockerfile installs) holds
 * the same exact versions as package.json, locked.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const app = read('package.json');
const appVersions: Record<string, string> = { ...app.dependencies, ...app.devDependencies };
const migrate = read('scripts/docker/migrate/package.json');
const migrateLock = read('scripts/docker/migrate/package-lock.json');

describe('Prisma packages', () => {
  it('are all of one release, and the schema engine is the build the CLI was made with', () => {
    const release = appVersions.prisma;
    for (const name of ['@prisma/client', '@prisma/adapter-pg', '@prisma/driver-adapter-utils'])
      expect(appVersions[name], name).toBe(release);
    const enginesVersion = read('node_modules/@prisma/engines/package.json').dependencies['@prisma/engines-version'];
    expect(read('node_modules/@prisma/engines/package.json').version).toBe(release);
    expect(appVersions['@prisma/schema-engine-wasm']).toBe(enginesVersion);
  });

  it("the migrate image's dependency set has the app's exact versions, and its lockfile installs them", () => {
    for (const [name, version] of Object.entries(migrate.dependencies as Record<string, string>)) {
      expect(version, name).toBe(appVersions[name]);
      expect(migrateLock.packages[`node_modules/${name}`]?.version, `${name} in scripts/docker/migrate/package-lock.json`).toBe(version);
    }
    expect(migrateLock.packages[''].dependencies).toEqual(migrate.dependencies);
  });
});
