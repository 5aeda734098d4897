import { createHash, sign as rsaSign, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

/**
 * A CAdES signature (CMS SignedData, RFC 5652, with the attributes ETSI EN 319 122 asks of a
 * baseline B-B signature) over a digest computed elsewhere: what a PDF's /Contents holds for a
 * PAdES signature (SubFilter ETSI.CAdES.detached). node-forge writes DER; Node's crypto signs.
 * Written here because the PKCS#7 writer of node-forge (and so @signpdf/signer-p12) cannot carry
 * the signing-certificate-v2 attribute PAdES requires, and adds a signing-time attribute it forbids.
 */
const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
} as const;

const U = asn1.Class.UNIVERSAL;
const T = asn1.Type;

export const der = {
  oid: (oid: string): Asn1 => asn1.create(U, T.OID, false, asn1.oidToDer(oid).getBytes()),
  int: (bytes: string): Asn1 => asn1.create(U, T.INTEGER, false, bytes),
  small: (n: number): Asn1 => asn1.create(U, T.INTEGER, false, asn1.integerToDer(n).getBytes()),
  octets: (bytes: Buffer): Asn1 => asn1.create(U, T.OCTETSTRING, false, bytes.toString('binary')),
  seq: (items: Asn1[]): Asn1 => asn1.create(U, T.SEQUENCE, true, items),
  /** A DER SET OF: its members sorted by their encodings (X.690 11.6). */
  set: (items: Asn1[]): Asn1 =>
    asn1.create(
      U,
      T.SET,
      true,
      [...items].sort((a, b) => Buffer.compare(toDer(a), toDer(b))),
    ),
  explicit: (tag: number, item: Asn1): Asn1 => asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, true, [item]),
  implicitSet: (tag: number, items: Asn1[]): Asn1 => asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, true, items),
  nul: (): Asn1 => asn1.create(U, T.NULL, false, ''),
  algorithm: (oid: string, nullParams = false): Asn1 => der.seq(nullParams ? [der.oid(oid), der.nul()] : [der.oid(oid)]),
};

export function toDer(node: Asn1): Buffer {
  return Buffer.from(asn1.toDer(node).getBytes(), 'binary');
}

export function fromDer(bytes: Buffer): Asn1 {
  return asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
}

function attribute(type: string, value: Asn1): Asn1 {
  return der.seq([der.oid(type), der.set([value])]);
}

export interface CmsSigner {
  certificate: forge.pki.Certificate;
  /** Further certificates of its chain, leaf's issuer first. */
  chain: forge.pki.Certificate[];
  privateKey: KeyObject;
}

function issuerAndSerial(cert: forge.pki.Certificate): Asn1 {
  return der.seq([forge.pki.distinguishedNameToAsn1(cert.issuer), der.int(forge.util.hexToBytes(cert.serialNumber))]);
}

/** ESS signing-certificate-v2 (RFC 5035): the signer's certificate by hash, and by issuer and serial. */
function signingCertificateV2(cert: forge.pki.Certificate): Asn1 {
  const certDer = toDer(forge.pki.certificateToAsn1(cert));
  const issuerSerial = der.seq([
    // GeneralNames: one directoryName [4].
    der.seq([der.explicit(4, forge.pki.distinguishedNameToAsn1(cert.issuer))]),
    der.int(forge.util.hexToBytes(cert.serialNumber)),
  ]);
  // hashAlgorithm is omitted: its default is SHA-256.
  const essCertId = der.seq([der.octets(createHash('sha256').update(certDer).digest()), issuerSerial]);
  return der.seq([der.seq([essCertId])]);
}

export interface SignedDataOptions {
  /** What is signed: the content's SHA-256 (the content itself is detached unless `content` is given). */
  digest: Buffer;
  /** The type of the content signed (id-data for a PDF, id-ct-TSTInfo for a timestamp token). */
  contentType?: string;
  /** Encapsulated content (a timestamp token carries its TSTInfo). */
  content?: Buffer;
  signer: CmsSigner;
  /** Called with the signature value; answers a timestamp token (ContentInfo DER) to attach, or null. */
  timestamp?: (signature: Buffer) => Promise<Buffer | null>;
}

/** DER of a ContentInfo holding the SignedData. */
export async function signedData(options: SignedDataOptions): Promise<Buffer> {
  const { signer } = options;
  const contentType = options.contentType ?? OID.data;
  const signedAttrs = [
    attribute(OID.contentType, der.oid(contentType)),
    attribute(OID.messageDigest, der.octets(options.digest)),
    attribute(OID.signingCertificateV2, signingCertificateV2(signer.certificate)),
  ];
  // The signature covers the attributes encoded as a SET (tag 0x31), not as the [0] they are stored as.
  const attrsSet = der.set(signedAttrs);
  const signature = rsaSign('sha256', toDer(attrsSet), signer.privateKey);
  const token = options.timestamp ? await options.timestamp(signature) : null;
  const signerInfo = der.seq([
    der.small(1),
    issuerAndSerial(signer.certificate),
    der.algorithm(OID.sha256),
    der.implicitSet(0, attrsSet.value as Asn1[]),
    der.algorithm(OID.sha256WithRSA, true),
    der.octets(signature),
    ...(token ? [der.implicitSet(1, [attribute(OID.signatureTimeStampToken, fromDer(token))])] : []),
  ]);
  const encap = der.seq([der.oid(contentType), ...(options.content ? [der.explicit(0, der.octets(options.content))] : [])]);
  const certificates = [signer.certificate, ...signer.chain].map((c) => forge.pki.certificateToAsn1(c));
  const sd = der.seq([
    // Version 3 when the content is not id-data (RFC 5652 5.1), else 1.
    der.small(contentType === OID.data ? 1 : 3),
    der.set([der.algorithm(OID.sha256)]),
    encap,
    der.implicitSet(0, certificates),
    der.set([signerInfo]),
  ]);
  return toDer(der.seq([der.oid(OID.signedData), der.explicit(0, sd)]));
}
