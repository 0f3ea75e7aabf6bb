/**
 * The operations tests' production build: the image-like build of scripts/lib/build.mjs
 * (`ensureImageBuild`), which the e2e suite also runs, typed for the tests.
 */
import { buildModule, type BuildModule } from './support';

export type OpsBuild = Awaited<ReturnType<BuildModule['ensureImageBuild']>>;

/** The build, made if missing or out of date. */
export async function ensureOpsBuild(): Promise<OpsBuild> {
  return (await buildModule()).ensureImageBuild();
}
