import { createHash, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { der, fromDer, OID, toDer } from './cms';

type Asn1 = forge.asn1.Asn1;

/** The TSTInfo inside a timestamp token (RFC 3161 2.4.2), for checking what it vouches for. */
function tstInfoOf(token: Asn1): Asn1 {
  // ContentInfo { signedData, [0] SignedData { version, digestAlgorithms, encapContentInfo { type, [0] OCTET STRING } … } }
  const signedData = (token.value as Asn1[])[1]!.value as Asn1[];
  const sd = signedData[0]!.value as Asn1[];
  const encap = sd[2]!.value as Asn1[];
  const eContent = (encap[1]!.value as Asn1[])[0]!;
  const bytes =
    typeof eContent.value === 'string' ? eContent.value : (eContent.value as Asn1[]).map((p) => p.value as string).join('');
  return forge.asn1.fromDer(forge.util.createBuffer(bytes));
}

/**
 * An RFC 3161 timestamp of `signature` from the authority at `url` (PAdES B-T: the signature
 * existed at that time, said by a third party). Answers the token (a ContentInfo, DER) after
 * checking that it stamps exactly this signature and answers our nonce.
 */
export async function requestTimestamp(url: string, signature: Buffer, timeoutMs = 10_000): Promise<Buffer> {
  const imprint = createHash('sha256').update(signature).digest();
  const nonce = Buffer.concat([Buffer.from([0x01]), randomBytes(8)]);
  const request = der.seq([
    der.small(1),
    der.seq([der.algorithm(OID.sha256), der.octets(imprint)]),
    der.int(nonce.toString('binary')),
    forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.BOOLEAN, false, String.fromCharCode(0xff)),
  ]);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
    body: new Uint8Array(toDer(request)),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`timestamp authority answered HTTP ${response.status}`);
  const reply = fromDer(Buffer.from(await response.arrayBuffer()));
  const [statusInfo, token] = reply.value as Asn1[];
  const status = forge.asn1.derToInteger(forge.util.createBuffer(((statusInfo!.value as Asn1[])[0]!.value as string) ?? ''));
  // 0 granted, 1 granted with modifications; anything else is a refusal.
  if ((status !== 0 && status !== 1) || !token) throw new Error(`timestamp authority refused the request (status ${status})`);
  const info = tstInfoOf(token).value as Asn1[];
  const stamped = ((info[2]!.value as Asn1[])[1]!.value as string) ?? '';
  if (Buffer.from(stamped, 'binary').compare(imprint) !== 0) throw new Error('timestamp token stamps another value');
  const answeredNonce = info.find((part, i) => i > 3 && part.type === forge.asn1.Type.INTEGER);
  if (!answeredNonce || Buffer.from(answeredNonce.value as string, 'binary').compare(nonce) !== 0) {
    throw new Error('timestamp token does not answer our nonce');
  }
  return toDer(token);
}
