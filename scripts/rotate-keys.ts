/**
 * Key rotation for the keys the platform generates into DATA_DIR/keys (OPERATIONS.md "Key rotation"):
 *
 *   npm run keys:rotate -- holder-vc    the license credential signing key (earlier keys keep verifying)
 *   npm run keys:rotate -- wallet-vp    the wallet's presentation signing key
 *   npm run keys:rotate -- idp          the embedded OpenID provider's ID token key (previous one kept)
 *   npm run keys:rotate -- contract-seal  the certificate sealing final contracts (sealed ones keep theirs)
 *
 * Run it where DATA_DIR points at the live keys (the shared keys volume with replicas), then
 * restart the app processes so they sign with the new key. Prints kids, never key material.
 */
import { rotateSigningKey } from '../lib/server/credentials/signing-keys';
import { rotateIdpSigningKeys } from '../lib/server/idp/keys';
import { rotateSeal } from '../lib/server/contracts/seal/seal-certificate';

const KINDS = ['holder-vc', 'wallet-vp', 'idp', 'contract-seal'] as const;
type Kind = (typeof KINDS)[number];

async function main(): Promise<void> {
  const kind = process.argv[2] as Kind | undefined;
  if (!kind || !KINDS.includes(kind)) {
    console.error(`usage: npm run keys:rotate -- <${KINDS.join('|')}>`);
    process.exit(2);
  }
  if (kind === 'contract-seal') {
    const { fingerprint, previous } = await rotateSeal();
    console.log(
      `contract-seal: now sealing with certificate sha256:${fingerprint}; before: ${previous ? `sha256:${previous}` : 'none'}`,
    );
  } else if (kind === 'idp') {
    const { kid, kept } = await rotateIdpSigningKeys();
    console.log(`idp: now signing with ${kid}; still published: ${kept.join(', ') || 'none'}`);
  } else {
    const { kid, retired } = await rotateSigningKey(kind);
    console.log(`${kind}: now signing with ${kid}; retired keys still verifying: ${retired.join(', ') || 'none'}`);
  }
  console.log('Restart every app process so it signs with the new key.');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
