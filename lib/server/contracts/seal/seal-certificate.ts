import { createPrivateKey, generateKeyPairSync, randomBytes, createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { getConfig } from '../../../config';
import { createFileOnce } from '../../common/create-file-once';
import { writeAtomic } from '../../storage/write-atomic';
import type { CmsSigner } from './cms';

/**
 * The certificate that seals final contracts (issue #23): the holder's, from a PKCS#12 file
 * (CONTRACT_SEAL_P12 + CONTRACT_SEAL_PASSPHRASE) in production, else one generated once into
 * DATA_DIR/keys/contract-seal.json beside the platform's other keys: a self-signed RSA-3072
 * certificate in the holder's and platform's name, valid ten years. A sealed PDF carries its
 * certificate, so rotating it (`npm run keys:rotate -- contract-seal`) never breaks a seal.
 */
export interface SealIdentity extends CmsSigner {
  /** Subject common name, shown by PDF readers as the signer. */
  name: string;
  /** SHA-256 of the certificate (hex), for people comparing it with what a reader shows. */
  fingerprint: string;
}

interface StoredSeal {
  p12: string;
  passphrase: string;
  created: string;
  fingerprint: string;
}

export function sealKeyFile(): string {
  return path.join(getConfig().dataDir, 'keys', 'contract-seal.json');
}

function certificateFingerprint(cert: forge.pki.Certificate): string {
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  return createHash('sha256').update(der).digest('hex');
}

/** A new self-signed sealing certificate and its key, as a password-protected PKCS#12. */
export function generateSeal(subject: { commonName: string; organization: string }): StoredSeal {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 3072 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // A positive serial of 16 random bytes.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600_000);
  const attrs = [
    { name: 'commonName', value: subject.commonName },
    { name: 'organizationName', value: subject.organization },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    // id-kp-documentSigning (RFC 9336) and e-mail protection, which older readers look for.
    { name: 'extKeyUsage', emailProtection: true, '1.3.6.1.5.5.7.3.36': true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString('base64url');
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des', friendlyName: subject.commonName });
  return {
    p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary').toString('base64'),
    passphrase,
    created: now.toISOString(),
    fingerprint: certificateFingerprint(cert),
  };
}

/** The key and certificates of a PKCS#12; the leaf is the certificate matching the key. */
export function readP12(p12: Buffer, passphrase: string): SealIdentity {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, passphrase);
  } catch {
    throw new Error('contract seal: the PKCS#12 file could not be read (wrong CONTRACT_SEAL_PASSPHRASE?)');
  }
  const keyBag =
    parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0] ??
    parsed.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag]?.[0];
  const key = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error('contract seal: the PKCS#12 file holds no RSA private key');
  const certs = (parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [])
    .map((bag) => bag.cert)
    .filter((c): c is forge.pki.Certificate => Boolean(c));
  const leaf = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.compareTo(key.n) === 0 && pub.e?.compareTo(key.e) === 0;
  });
  if (!leaf) throw new Error('contract seal: no certificate in the PKCS#12 file matches its key');
  const cn = leaf.subject.getField('CN') as { value?: string } | null;
  return {
    certificate: leaf,
    chain: certs.filter((c) => c !== leaf),
    privateKey: createPrivateKey(forge.pki.privateKeyToPem(key)),
    name: cn?.value ?? 'contract seal',
    fingerprint: certificateFingerprint(leaf),
  };
}

function embeddedSubject() {
  const { systemTitle, productName } = getConfig();
  return { commonName: `${systemTitle} contract seal`, organization: productName };
}

let loaded: { id: string; identity: SealIdentity } | undefined;

/** The sealing identity, read once per process (and data directory or file). */
export function sealIdentity(): SealIdentity {
  const config = getConfig();
  const id = config.contractSeal.p12Path ?? sealKeyFile();
  if (loaded?.id === id) return loaded.identity;
  let identity: SealIdentity;
  if (config.contractSeal.p12Path) {
    identity = readP12(fs.readFileSync(config.contractSeal.p12Path), config.contractSeal.passphrase ?? '');
  } else {
    const file = sealKeyFile();
    // Replicas racing on a fresh data directory keep the first certificate; the others read it back.
    const text = fs.existsSync(file)
      ? fs.readFileSync(file, 'utf8')
      : createFileOnce(file, JSON.stringify(generateSeal(embeddedSubject()), null, 2));
    const stored = JSON.parse(text) as StoredSeal;
    identity = readP12(Buffer.from(stored.p12, 'base64'), stored.passphrase);
  }
  loaded = { id, identity };
  return identity;
}

/**
 * A new embedded sealing certificate (`npm run keys:rotate -- contract-seal`). Contracts sealed
 * before keep verifying: each carries the certificate it was sealed with.
 */
export async function rotateSeal(): Promise<{ fingerprint: string; previous: string | null }> {
  if (getConfig().contractSeal.p12Path) throw new Error('CONTRACT_SEAL_P12 is set: replace that file to change the certificate');
  const file = sealKeyFile();
  const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as StoredSeal).fingerprint : null;
  const fresh = generateSeal(embeddedSubject());
  await writeAtomic(file, Buffer.from(JSON.stringify(fresh, null, 2)), 0o600);
  loaded = undefined;
  return { fingerprint: fresh.fingerprint, previous };
}
