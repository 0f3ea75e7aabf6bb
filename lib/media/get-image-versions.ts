import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';

/**
 * The current version of each named image (ImageAsset.version, which a replace raises), for the
 * editor's thumbnails: a form or a compare view holds image ids only, and an address without the
 * version would show a browser's cached file from before a replace (variant-widths.ts,
 * `mediaAddress`). Unknown ids are left out. Everyone who may read films may ask (`film.read`).
 */
export async function getImageVersions({
  actor,
  ids,
}: {
  actor: Actor | null;
  ids: string[];
}): Promise<{ versions: Record<string, number> }> {
  assertCan(actor, 'film.read');
  const rows = await db().imageAsset.findMany({ where: { id: { in: ids } }, select: { id: true, version: true } });
  return { versions: Object.fromEntries(rows.map((row) => [row.id, row.version])) };
}
