import type { Db } from '../db/client';
import { issueLicenseCredential, revokeLicenseCredentials } from './issue-license-credential';

/**
 * What a license entering a state means for its credential: entering `active` issues a
 * LicenseCredential to the wallet of the licensee organisation's owner (every member of the
 * organisation reads it in /licensee/wallet); `terminated` or `expired` revokes it at once, in the
 * same transaction as the state change, so /verify shows it on the next request.
 */
export async function credentialOnLicenseState(tx: Db, license: string, to: string): Promise<void> {
  if (to === 'active') {
    await issueLicenseCredential(tx, license, { state: to });
    return;
  }
  if (to === 'terminated' || to === 'expired') await revokeLicenseCredentials(tx, license);
}
