// @ts-check
/**
 * Publish-to-visible, as this process sees it: when a film's tag is invalidated here (a publish,
 * an unpublish, a scheduled job: lib/cache/tag-versions.mjs invalidateTags, which runs just before
 * the change is acknowledged), the time is noted; the first page of that film this process then
 * serves fresh (Next's page cache handler: a render that started after it, or an entry found valid
 * after it) takes the note and reports the seconds between (cms_publish_visible_seconds).
 *
 * Only invalidations made by this process are noted (another instance's publish is not timed
 * here), and a note nobody reads within NOTE_TTL_MS is dropped unreported: the metric measures how
 * fast a change shows, not how long until someone happens to ask for the film.
 *
 * Plain state on globalThis, no metrics library: tag-versions.mjs is loaded by scripts too, and
 * Next's bundles, its cache handler and serve.mjs each load their own copy of this module.
 */

const NOTES = Symbol.for('film-cms.publish-visibility');
const NOTE_TTL_MS = 10 * 60_000;
const MAX_NOTES = 1_000;
const FILM_TAG = /^film:/;

/** @returns {Map<string, number>} film tag → when it was invalidated (ms, this process's clock) */
function notes() {
  const global = /** @type {Record<symbol, Map<string, number> | undefined>} */ (/** @type {unknown} */ (globalThis));
  global[NOTES] ??= new Map();
  return global[NOTES];
}

/**
 * Called once an invalidation is recorded. A film already noted and not yet served fresh keeps its
 * first time: a publish records its invalidation twice (before it is acknowledged, and Next's own
 * revalidateTag as the answer goes out), and a render between the two shows it.
 * @param {string[]} tags
 * @param {number} [now]
 */
export function noteInvalidated(tags, now = Date.now()) {
  const map = notes();
  for (const tag of tags) {
    if (!FILM_TAG.test(tag)) continue;
    const noted = map.get(tag);
    if (noted !== undefined && now - noted <= NOTE_TTL_MS) continue;
    map.delete(tag);
    map.set(tag, now);
  }
  // Oldest first (insertion order): bounded whatever is published and never read.
  for (const [tag, at] of map) {
    if (map.size <= MAX_NOTES && now - at <= NOTE_TTL_MS) break;
    map.delete(tag);
  }
}

/**
 * The seconds from each noted invalidation among `tags` to now, for a page served fresh whose
 * render (or validity check) started at `startedAt`; the notes are taken. A render that started
 * before the invalidation was noted may show the old content: it takes nothing.
 * @param {string[]} tags
 * @param {number} startedAt
 * @param {number} [now]
 * @returns {number[]}
 */
export function takeVisible(tags, startedAt, now = Date.now()) {
  const map = notes();
  if (map.size === 0) return [];
  /** @type {number[]} */
  const seconds = [];
  for (const tag of tags) {
    const at = map.get(tag);
    if (at === undefined || startedAt < at) continue;
    map.delete(tag);
    if (now - at <= NOTE_TTL_MS) seconds.push((now - at) / 1000);
  }
  return seconds;
}
