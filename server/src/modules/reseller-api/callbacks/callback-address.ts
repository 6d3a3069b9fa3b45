import { promises as dns } from 'node:dns';
import net from 'node:net';

/** Where a callback may not go: the store's own networks, the cloud's metadata, anything not public. */
const forbidden = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the metadata address 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4],
] as const) {
  forbidden.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  forbidden.addSubnet(address, prefix, 'ipv6');
}

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

export interface AddressPolicy {
  /** Sandbox mode: `http` and loopback addresses are allowed, for a receiver on the developer's machine. */
  sandbox: boolean;
  /** Production: only `https`. */
  httpsOnly: boolean;
}

export function isForbiddenAddress(address: string, policy: Pick<AddressPolicy, 'sandbox'>) {
  const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
  if (policy.sandbox && loopback.check(address, family)) return false;
  return forbidden.check(address, family);
}

export type Resolve = (host: string) => Promise<{ address: string; family: 4 | 6 }[]>;

/** The system's resolver, or the DNS servers named in `RESELLER_CALLBACK_DNS_SERVERS`. */
export function resolverFor(servers: string[]): Resolve {
  if (servers.length === 0) {
    return async (host) =>
      (await dns.lookup(host, { all: true, verbatim: true })).map((found) => ({
        address: found.address,
        family: found.family === 6 ? 6 : 4,
      }));
  }
  const resolver = new dns.Resolver({ timeout: 3_000, tries: 2 });
  resolver.setServers(servers);
  return async (host) => {
    const [v4, v6] = await Promise.all([
      resolver.resolve4(host).catch(() => [] as string[]),
      resolver.resolve6(host).catch(() => [] as string[]),
    ]);
    return [
      ...v4.map((address) => ({ address, family: 4 as const })),
      ...v6.map((address) => ({ address, family: 6 as const })),
    ];
  };
}

export class RefusedAddress extends Error {}

/**
 * The address a callback connects to, checked after DNS: every address the name has must be
 * public (a name with one private address among public ones is refused), and the sender connects
 * to the one checked here, so a second lookup cannot switch it (DNS rebinding).
 */
export async function checkedTarget(url: URL, policy: AddressPolicy, resolve: Resolve) {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !policy.httpsOnly)) {
    throw new RefusedAddress('The callback URL must use https.');
  }
  if (url.username || url.password) {
    throw new RefusedAddress('The callback URL must not carry a user name or password.');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host)
    ? [{ address: host, family: net.isIPv6(host) ? (6 as const) : (4 as const) }]
    : await resolve(host).catch(() => []);
  if (addresses.length === 0) throw new RefusedAddress(`${host} does not resolve.`);
  const bad = addresses.find((found) => isForbiddenAddress(found.address, policy));
  if (bad) {
    throw new RefusedAddress(
      `${host} resolves to ${bad.address}, a private or reserved address: refused.`,
    );
  }
  return addresses[0];
}
