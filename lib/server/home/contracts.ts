import { and, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { licenses } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import { recordLink } from '../notify/record-link';
import { nameRows } from '../naming/load-names';
import { waitingSteps } from './offered-steps';
import { HOME_ITEMS, type HomeSection } from './types';

/** The contract steps a person takes from a home: the licensee signs, the holder sends and countersigns. */
const CONTRACT_STEPS = ['send_contract', 'sign', 'countersign'] as const;

/**
 * Contracts waiting for the caller: a licensee organisation's owners, admins and staff see those
 * sent for their signature; the holder's staff those to send and to countersign.
 */
export async function contractsSection(db: Db, viewer: Viewer): Promise<HomeSection | null> {
  if (!viewer.holder && viewer.licenseeStaff.length === 0) return null;
  const scope: SQL[] = [inArray(licenses.state, ['approved', 'contract_sent', 'signed'])];
  if (!viewer.holder) scope.push(inArray(licenses.licensee, viewer.licenseeStaff));
  const waiting = await waitingSteps<typeof licenses.$inferSelect>(
    db,
    viewer,
    'License',
    and(...scope),
    CONTRACT_STEPS,
    HOME_ITEMS,
  );
  // Holder staff with no contract step (brand, legal) have nothing here.
  if (viewer.holder && waiting.count === 0) return null;
  const shown = waiting.first;
  const names = await nameRows(
    db,
    'license',
    shown.map((w) => w.row),
    viewer.lang,
  );
  return {
    id: 'contracts',
    count: waiting.count,
    items: shown.map((w, i) => ({
      label: names[i]!.label,
      href: viewer.holder ? '/holder/approve/license' : recordLink('license', w.row, 'applicant'),
      kind: 'license',
      state: `step_${w.action}`,
    })),
    href: viewer.holder ? '/holder/approve/license' : '/licensee/list',
  };
}
