import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { getConfig } from '../../config';
import type { TrustProxy } from './trust-proxy';

function normal(address: string): string {
  // An IPv4 client seen through an IPv6 socket (::ffff:127.0.0.1) is shown as IPv4.
  return address.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
}

const lists = new WeakMap<TrustProxy, BlockList>();

function blockListOf(trust: Extract<TrustProxy, { kind: 'list' }>): BlockList {
  let list = lists.get(trust);
  if (!list) {
    list = new BlockList();
    for (const entry of trust.entries) {
      const [address, prefix] = entry.split('/') as [string, string | undefined];
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) list.addAddress(normal(address), type);
      else list.addSubnet(normal(address), Number(prefix), type);
    }
    lists.set(trust, list);
  }
  return list;
}

export function isTrustedProxy(trust: TrustProxy, address: string): boolean {
  if (trust.kind === 'all') return true;
  if (trust.kind === 'none') return false;
  const family = isIP(address);
  return family !== 0 && blockListOf(trust).check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** The address chain: the peer, then X-Forwarded-For from its right end (nearest hop first). */
export function clientAddressOf(
  req: Pick<IncomingMessage, 'headers'> & { socket?: { remoteAddress?: string } },
  trust: TrustProxy,
): string {
  let address = normal(req.socket?.remoteAddress ?? '') || 'unknown';
  if (trust.kind === 'none') return address;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map(normal).filter(Boolean);
  while (hops.length && isTrustedProxy(trust, address)) {
    const next = hops.pop()!;
    // A hop that is not an address ends the chain: what lies beyond it cannot be believed.
    if (!isIP(next)) break;
    address = next;
  }
  return address;
}

/**
 * The client's address, as the one TRUST_PROXY setting allows (issue #23): every place that
 * records or limits by address (sign-in throttling, the signer of a contract, the audit trail)
 * reads it here. Without TRUST_PROXY it is the socket's peer; X-Forwarded-For is believed only
 * hop by hop from the right, and only while the hop it came from is a proxy TRUST_PROXY names
 * (addresses or CIDR ranges, or `true` for any). A client cannot name its own address.
 */
export function clientAddress(req: Pick<IncomingMessage, 'headers'> & { socket?: { remoteAddress?: string } }): string {
  return clientAddressOf(req, getConfig().trustProxy);
}
