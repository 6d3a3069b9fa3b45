import { BlockList, isIP } from 'node:net';

/** `203.0.113.7`, `203.0.113.0/24`, `2001:db8::/32`: an address or a CIDR range. */
export function isAddressOrRange(entry: string) {
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** Whether `ip` is allowed by the list; an empty list allows every address. */
export function ipAllowed(allowed: readonly string[], ip: string) {
  if (allowed.length === 0) return true;
  const list = new BlockList();
  for (const entry of allowed) {
    const [address, bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  // IPv4 clients on a dual-stack socket arrive as ::ffff:a.b.c.d.
  const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
}
