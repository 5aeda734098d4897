import { z } from 'zod';
import { issueLicenseCredential } from '../../credentials/issue-license-credential';
import { defineJob } from '../define';
import { licenseLabels } from '../labels';

/**
 * The LicenseCredential of a license that became active, issued into its holder's wallet. The
 * credential row is written together with the job's completion, so a job killed and run again
 * issues one credential; a license no longer active by then gets none.
 */
export const credentialIssueJob = defineJob({
  kind: 'credential.issue',
  lane: 'documents',
  payload: z.object({ license: z.string() }),
  subject: (p) => p.license,
  once: true,
  maxAttempts: 8,
  backoffMs: [2_000, 10_000, 60_000, 5 * 60_000, 15 * 60_000],
  labels: licenseLabels,
  leaseMs: 60_000,
  async run({ license }, ctx) {
    await ctx.complete(
      (tx) => issueLicenseCredential(tx, license),
      (outcome) => (outcome.issued ? { outcome: 'issued', credential: outcome.credential.key } : { outcome: outcome.reason }),
    );
  },
});
