import { and, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invoices } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import { nameRows } from '../naming/load-names';
import { waitingSteps } from './offered-steps';
import { HOME_ITEMS, type HomeSection } from './types';

/**
 * Invoices waiting for the caller: drafts a licensee organisation's staff submit, approved ones
 * CFL and administrators mark paid (only those the flow lets this person take).
 */
export async function invoicesSection(db: Db, viewer: Viewer): Promise<HomeSection | null> {
  if (!viewer.holder && viewer.licenseeStaff.length === 0) return null;
  const scope: SQL[] = [inArray(invoices.state, ['draft', 'approved'])];
  if (!viewer.holder) scope.push(inArray(invoices.licensee, viewer.licenseeStaff));
  const waiting = await waitingSteps(db, viewer, 'Invoice', and(...scope), ['submit', 'mark_paid'], HOME_ITEMS);
  // Holder staff who may not mark invoices paid (holder@, brand, legal) have nothing here.
  if (viewer.holder && waiting.count === 0) return null;
  const shown = waiting.first;
  const names = await nameRows(
    db,
    'invoice',
    shown.map((w) => w.row),
    viewer.lang,
  );
  const page = viewer.holder ? '/holder/invoice' : '/licensee/invoice';
  return {
    id: 'invoices',
    count: waiting.count,
    items: shown.map((w, i) => ({ label: names[i]!.label, href: page, kind: 'invoice', state: `step_${w.action}` })),
    href: page,
  };
}
