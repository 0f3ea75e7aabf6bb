/**
 * The operations tests' production build: the image-like build of scripts/lib/build.mjs
 * (`ensureImageBuild`), which the e2e suite also runs, typed for the tests.
 */
import { buildModule } from './support';

export type OpsBuild = { standalone: string; serverJs: string; distDir: string; serverActionsKey: string; built: boolean };

/** The build, made if missing or out of date. */
export async function ensureOpsBuild(): Promise<OpsBuild> {
  return (await buildModule()).ensureImageBuild();
}
