import type { Db } from '../db/client';
import { credentialIssueJob } from '../jobs/kinds/credential-issue';
import { revokeLicenseCredentials } from './issue-license-credential';

/**
 * What a license entering a state means for its credential: entering `active` writes a
 * credential.issue job (run after commit) that issues a LicenseCredential to the wallet of the
 * licensee organisation's owner (every member of the organisation reads it in /licensee/wallet);
 * `terminated` or `expired` revokes it at once, in the same transaction as the state change, so
 * /verify shows it on the next request.
 */
export async function credentialOnLicenseState(tx: Db, license: string, to: string): Promise<void> {
  if (to === 'active') {
    await credentialIssueJob.enqueue(tx, { license });
    return;
  }
  if (to === 'terminated' || to === 'expired') await revokeLicenseCredentials(tx, license);
}
