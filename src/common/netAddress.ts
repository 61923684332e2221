// Which network an IP address belongs to. A URL that a server or registry wrote (an icon, an authorization
// server, a redirect) must not make the extension host reach the user's own machine or network: loopback,
// private ranges, link-local (169.254.169.254 is the cloud metadata service), IPv6 loopback, ULA and
// link-local, and the same ranges hidden in IPv4-mapped or NAT64 IPv6 forms. The WHATWG URL parser already
// turns numeric, hex and octal hosts (`0x7f000001`, `2130706433`, `0177.0.0.1`) into dotted IPv4, and the
// fetch guard checks the address a name resolved to, so this file only ever sees canonical addresses.
// No `vscode` import.
import { BlockList, isIP } from 'node:net';

export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local' | 'reserved';

const RANGES: ReadonlyArray<readonly [AddressKind, string, number, 'ipv4' | 'ipv6']> = [
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['loopback', '::1', 128, 'ipv6'],
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['private', '100.64.0.0', 10, 'ipv4'], // carrier-grade NAT: someone's network, not the internet
  ['private', 'fc00::', 7, 'ipv6'], // unique local addresses
  ['private', 'fec0::', 10, 'ipv6'], // deprecated site-local, still routed by some stacks
  ['reserved', '0.0.0.0', 8, 'ipv4'], // "this network": 0.0.0.0 reaches the local host on Linux
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '192.0.2.0', 24, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['reserved', '198.51.100.0', 24, 'ipv4'],
  ['reserved', '203.0.113.0', 24, 'ipv4'],
  ['reserved', '224.0.0.0', 4, 'ipv4'], // multicast
  ['reserved', '240.0.0.0', 4, 'ipv4'], // reserved and broadcast
  ['reserved', '::', 128, 'ipv6'],
  ['reserved', '::', 96, 'ipv6'], // IPv4-compatible (deprecated): never a real destination
  ['reserved', '100::', 64, 'ipv6'], // discard
  ['reserved', '2001:db8::', 32, 'ipv6'], // documentation
  ['reserved', 'ff00::', 8, 'ipv6'], // multicast
];

const lists = new Map<AddressKind, BlockList>();
for (const [kind, network, prefix, family] of RANGES) {
  if (!lists.has(kind)) lists.set(kind, new BlockList());
  lists.get(kind)!.addSubnet(network, prefix, family);
}

/**
 * The kind of network `address` (an IP address, with or without IPv6 brackets) is on. IPv4-mapped
 * (`::ffff:127.0.0.1`) and NAT64 (`64:ff9b::7f00:1`) addresses count as the IPv4 address inside them.
 * Anything that is not an IP address is `reserved`: a caller never connects to what it cannot classify.
 */
export function addressKind(address: string): AddressKind {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return 'reserved';
  const embedded = family === 6 ? embeddedIpv4(bare) : undefined;
  if (embedded) return addressKind(embedded);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const kind of ['loopback', 'link-local', 'private', 'reserved'] as const) {
    if (lists.get(kind)!.check(bare, type)) return kind;
  }
  return 'public';
}

export function isPublicAddress(address: string): boolean {
  return addressKind(address) === 'public';
}

/** Host names that are the local machine whatever DNS says (RFC 6761), so a caller need not resolve them to know. */
export function isLocalHostName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}

/** The IPv4 address inside an IPv4-mapped (::ffff:0:0/96) or NAT64 (64:ff9b::/96) IPv6 address. */
function embeddedIpv4(v6: string): string | undefined {
  const groups = expandIpv6(v6);
  if (!groups) return undefined;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (!mapped && !nat64) return undefined;
  return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included). */
function expandIpv6(v6: string): number[] | undefined {
  let text = v6.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return undefined;
  return [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups].map((g) => parseInt(g, 16));
}
