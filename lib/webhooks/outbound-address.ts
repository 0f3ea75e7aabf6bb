import 'server-only';
import dns from 'node:dns';
import net from 'node:net';
import { env } from '../env';

/**
 * Where a webhook may be sent: never this machine, the private network or cloud metadata
 * (SSRF). Every address a name resolves to is checked (any blocked one refuses the name), and the
 * request connects to a checked address (send-webhook.ts checks again in its `lookup`), so a name
 * that resolves differently the second time cannot slip through. WEBHOOK_ALLOW_PRIVATE=1 lifts it
 * (tests, a receiver on the same network).
 */
const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96], // IPv4-mapped: whatever it maps to
  ['64:ff9b::', 96], // NAT64
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

export class BlockedAddressError extends Error {}
/** The name has no address now (it may later): a failed send, not a refusal. */
export class UnresolvedHostError extends BlockedAddressError {}

export function privateAllowed(): boolean {
  return env().WEBHOOK_ALLOW_PRIVATE === '1';
}

/** Throws when `address` (an IP) may not be called. */
export function assertPublicAddress(address: string): void {
  const family = net.isIP(address);
  if (family === 0) throw new BlockedAddressError(`${address} is not an IP address`);
  if (!privateAllowed() && blocked.check(address, family === 4 ? 'ipv4' : 'ipv6'))
    throw new BlockedAddressError(`${address} is a loopback, private or link-local address: webhooks are not sent there`);
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Resolves `host` (or takes it as an IP) and checks every address; returns them. */
export async function resolvePublicAddresses(host: string): Promise<Array<{ address: string; family: number }>> {
  if (net.isIP(host)) {
    assertPublicAddress(host);
    return [{ address: host, family: net.isIP(host) }];
  }
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch (error) {
    throw new UnresolvedHostError(`${host} could not be resolved (${(error as NodeJS.ErrnoException).code ?? 'DNS error'})`);
  }
  if (addresses.length === 0) throw new UnresolvedHostError(`${host} has no address`);
  for (const { address } of addresses) assertPublicAddress(address);
  return addresses;
}
