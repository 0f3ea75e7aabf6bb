// @ts-check
/**
 * The client's address, as far as this server can vouch for it. Route handlers and server actions
 * see only headers, and any client can send `X-Forwarded-For`; so the server wrapper
 * (server/serve.mjs) replaces the client-address headers of every request, before Next.js sees
 * it, with the address computed here: the socket's peer, or, when that peer is one of
 * TRUSTED_PROXIES, the X-Forwarded-For entries walked back from it to the first untrusted one
 * (proxy-addr). Rate limits and the audit log then read `X-Forwarded-For` (lib/rate-limit/client-key.ts).
 *
 * Plain JavaScript with no app imports: serve.mjs loads it outside the Next.js bundle.
 */
import proxyAddr from 'proxy-addr';

/** The headers replaced on every request. */
export const CLIENT_ADDRESS_HEADERS = /** @type {const} */ (['x-forwarded-for', 'x-real-ip']);

/**
 * TRUSTED_PROXIES as a list: comma-separated addresses and CIDRs (`10.0.0.0/8`, `fd00::/8`), or
 * proxy-addr's names `loopback`, `linklocal`, `uniquelocal`. Empty or unset: no proxy is trusted.
 * @param {string | undefined} value
 * @returns {string[]}
 * @throws {TypeError} naming the first entry that is neither (e.g. "invalid IP address: 10.0.0.300")
 */
export function parseTrustedProxies(value) {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  proxyAddr.compile(entries);
  return entries;
}

/** "::ffff:192.0.2.1" (an IPv4 client on a dual-stack socket) → "192.0.2.1": one spelling per client. */
const unmapIpv4 = (/** @type {string} */ address) => address.replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i, '$1');

/**
 * A function that gives a request's client address, trusting forwarded headers only from these proxies.
 * @param {string[]} trustedProxies
 * @returns {(request: import('node:http').IncomingMessage) => string}
 */
export function clientAddressOf(trustedProxies) {
  const trust = proxyAddr.compile(trustedProxies);
  return (request) => unmapIpv4(proxyAddr(request, trust) || 'unknown');
}

/**
 * Overwrites the request's client-address headers with the one trustworthy address, so nothing
 * downstream can read a forged one.
 * @param {import('node:http').IncomingMessage} request
 * @param {(request: import('node:http').IncomingMessage) => string} addressOf
 */
export function replaceClientAddressHeaders(request, addressOf) {
  const address = addressOf(request);
  for (const header of CLIENT_ADDRESS_HEADERS) request.headers[header] = address;
}
