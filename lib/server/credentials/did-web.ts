/**
 * The issuer's decentralised identifier under the did:web method: the site's own address, so a
 * verifier anywhere resolves it to the DID document this site serves. Pure: no I/O here.
 *
 *   https://ip.example            → did:web:ip.example            (document at /.well-known/did.json)
 *   http://localhost:3000         → did:web:localhost%3A3000      (a port is percent-encoded)
 *   https://ip.example/brand/jp   → did:web:ip.example:brand:jp   (document at /brand/jp/did.json)
 */
export function didWebOf(appUrl: string): string {
  const url = new URL(appUrl);
  const host = url.port ? `${url.hostname}%3A${url.port}` : url.hostname;
  const path = url.pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => encodeURIComponent(decodeURIComponent(segment)));
  return ['did:web', host, ...path].join(':');
}

/** Where a did:web resolver fetches the document of `did` (the method's own rule, https only). */
export function didDocumentUrl(did: string): string {
  const match = /^did:web:([^:#?]+)((?::[^:#?]+)*)$/.exec(did);
  if (!match) throw new Error(`not a did:web identifier: ${did}`);
  const host = decodeURIComponent(match[1]!);
  const path = match[2]!.split(':').filter(Boolean).map(decodeURIComponent);
  return path.length ? `https://${host}/${path.join('/')}/did.json` : `https://${host}/.well-known/did.json`;
}

/** The DID URL naming one of the issuer's keys in its document: `did:web:ip.example#holder-vc-…`. */
export function verificationMethodId(did: string, kid: string): string {
  return `${did}#${kid}`;
}

/**
 * The key id behind a JWT header's `kid`: the fragment of a did:web DID URL, or a bare key id as
 * credentials signed before the DID carried it. The prefix is not compared with today's DID: the
 * key itself is looked up among this site's own keys, and APP_URL may have changed since signing.
 */
export function kidOf(headerKid: unknown): string | null {
  if (typeof headerKid !== 'string' || !headerKid) return null;
  if (!headerKid.includes('#')) return headerKid;
  const match = /^did:web:[^#]+#([^#]+)$/.exec(headerKid);
  return match ? match[1]! : null;
}
