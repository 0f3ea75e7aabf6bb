// @ts-check
/**
 * Cache values as bytes: Redis keeps them as text (serialize), the memory store keeps a page
 * gzip-compressed (pack), and both give Next back the objects it stored.
 */
import zlib from 'node:zlib';

/**
 * JSON that keeps binary data and Maps: cache values hold Buffers (RSC payloads, route bodies)
 * and Maps (segment data), which plain JSON would turn into objects Next can't use.
 * @param {unknown} value
 */
export function serialize(value) {
  return JSON.stringify(value, function replacer(key, val) {
    // `this[key]` is the value before toJSON (Buffer.toJSON would hide that it was a Buffer).
    const original = /** @type {Record<string, unknown>} */ (this)[key];
    if (original instanceof Uint8Array)
      return { $binary: Buffer.from(original.buffer, original.byteOffset, original.byteLength).toString('base64') };
    if (original instanceof Map) return { $map: [...original.entries()] };
    return val;
  });
}

/** @param {string} text */
export function deserialize(text) {
  return JSON.parse(text, (_key, val) => {
    if (val && typeof val === 'object' && !Array.isArray(val)) {
      const keys = Object.keys(val);
      if (keys.length === 1 && typeof val.$binary === 'string') return Buffer.from(val.$binary, 'base64');
      if (keys.length === 1 && Array.isArray(val.$map)) return new Map(val.$map);
    }
    return val;
  });
}

/**
 * A value as gzip-compressed JSON (serialize): a page's HTML and RSC payload shrink to a fifth or
 * less, so the memory store holds about five times as many pages in its budget.
 * @param {unknown} value
 */
export function pack(value) {
  return zlib.gzipSync(serialize(value));
}

/** @param {Buffer} packed from pack */
export function unpack(packed) {
  return deserialize(zlib.gunzipSync(packed).toString('utf8'));
}
