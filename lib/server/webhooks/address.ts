import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may not go (SSRF): loopback, private (RFC 1918), link-local (and with it the
 * cloud metadata address 169.254.169.254), CGNAT, unique-local IPv6, unspecified, multicast and
 * reserved ranges. IPv4 addresses embedded in IPv6 (mapped, NAT64) are checked as IPv4.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedV4(address: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::)(?:0:)?([0-9.]+)$/i.exec(address);
  if (m && isIP(m[1]!) === 4) return m[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedV4(address);
    return v4 ? blocked.check(v4, 'ipv4') : blocked.check(address, 'ipv6');
  }
  return true;
}

export type TargetProblem = 'scheme' | 'credentials' | 'private' | 'unresolved';

export type Target =
  { ok: true; url: URL; address: string; family: 4 | 6 } | { ok: false; problem: TargetProblem; detail: string };

/** The URL's host without the brackets of an IPv6 literal. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** Only http and https, without user:password (that would put a secret in the log and the page). */
export function checkUrlShape(raw: string): { ok: true; url: URL } | { ok: false; problem: TargetProblem; detail: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: 'scheme', detail: 'not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'scheme', detail: url.protocol };
  if (url.username || url.password) return { ok: false, problem: 'credentials', detail: 'user info in URL' };
  return { ok: true, url };
}

/**
 * Resolves the URL's host (every address it has) and answers the address to connect to, or why
 * not: a host any of whose addresses is private is refused unless `allowPrivate`, so a name that
 * resolves both ways cannot be used to reach inside. The caller connects to exactly this address
 * (no second lookup an attacker's DNS could answer differently).
 */
export async function resolveTarget(raw: string, allowPrivate: boolean): Promise<Target> {
  const shape = checkUrlShape(raw);
  if (!shape.ok) return shape;
  const host = hostOf(shape.url);
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch (err) {
      return { ok: false, problem: 'unresolved', detail: `${host}: ${(err as NodeJS.ErrnoException).code ?? 'lookup failed'}` };
    }
  }
  if (addresses.length === 0) return { ok: false, problem: 'unresolved', detail: host };
  const inside = addresses.find((a) => isPrivateAddress(a.address));
  if (inside && !allowPrivate) return { ok: false, problem: 'private', detail: `${host} → ${inside.address}` };
  const first = addresses[0]!;
  return { ok: true, url: shape.url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
