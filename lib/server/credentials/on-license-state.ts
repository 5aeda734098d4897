import type { Db } from '../db/client';

/** What a license entering a state means for its credential (issued when active, revoked when it ends). */
export async function credentialOnLicenseState(_tx: Db, _license: string, _to: string): Promise<void> {}
