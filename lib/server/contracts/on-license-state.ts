import type { Db } from '../db/client';

/** What a license entering a state means for its contract (generation on approval, voiding). */
export async function contractOnLicenseState(_tx: Db, _license: string, _to: string): Promise<void> {}
