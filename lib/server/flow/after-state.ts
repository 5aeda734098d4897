import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sales } from '../db/entities-schema';
import { contractOnLicenseState } from '../contracts/on-license-state';
import { credentialOnLicenseState } from '../credentials/on-license-state';
import { rollupOnReportState } from '../stats/on-report-state';
import { supersedeCorrected } from '../sales/corrections';
import type { Subject } from './types';

/**
 * What follows a subject's move to a new state, in the same transaction. A royalty report's rows
 * always carry their report's state (invoices select approved rows), so they move with it, and
 * the statistics roll-up follows; a license's contract and credential follow the license. The
 * record is the row the move has just written, so nothing here reads it again.
 */
export async function afterState(tx: Db, subject: Subject, row: Record<string, unknown>, to: string): Promise<void> {
  const key = String(row.key);
  if (subject === 'sales') {
    await tx.update(sales).set({ state: to, dateUpdated: new Date() }).where(eq(sales.report, key));
    await rollupOnReportState(tx, key, to);
    // An approved correction replaces what it corrects, exactly once (lib/server/sales/corrections).
    if (to === 'approved') await supersedeCorrected(tx, key);
  }
  if (subject === 'license') {
    await contractOnLicenseState(tx, row, to);
    await credentialOnLicenseState(tx, key, to);
  }
}
