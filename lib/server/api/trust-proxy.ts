import { isIP } from 'node:net';

/** Which proxies' X-Forwarded-For is believed (TRUST_PROXY); read by lib/server/api/client-address.ts. */
export type TrustProxy = { kind: 'none' } | { kind: 'all' } | { kind: 'list'; entries: string[] };

/** TRUST_PROXY as written: `true`/`1`, `false`/`0`/empty, or a comma-separated list of addresses and CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return { kind: 'none' };
  if (text === 'true' || text === '1') return { kind: 'all' };
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address ?? '');
    const bits = prefix === undefined ? null : Number(prefix);
    if (!family || (bits !== null && (!Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128)))) {
      throw new Error(`TRUST_PROXY: '${entry}' is not an address or CIDR range (use true, false, or a list like 10.0.0.0/8,::1)`);
    }
  }
  return { kind: 'list', entries };
}
