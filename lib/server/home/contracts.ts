import { and, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { licenses } from '../db/entities-schema';
import { offeredStepSql } from '../flow/offered-step-sql';
import { recordLink } from '../notify/record-link';
import type { HomeContext } from './context';
import { listedJson, nameListed, type Listed } from './listed';
import { HOME_ITEMS, type HomePart } from './types';

/** The contract steps a person takes from a home: the licensee signs, the holder sends and countersigns. */
const CONTRACT_STEPS = ['send_contract', 'sign', 'countersign'] as const;
const CONTRACT_STATES = ['approved', 'contract_sent', 'signed'] as const;

/**
 * Contracts waiting for the caller: a licensee organisation's owners, admins and staff see those
 * sent for their signature; the holder's staff those to send and to countersign.
 */
export function contractsPart(ctx: HomeContext): HomePart<Listed> | null {
  const { viewer } = ctx;
  if (!viewer.holder && viewer.licenseeStaff.length === 0) return null;
  const offered = offeredStepSql(viewer, ctx.holder, 'License', CONTRACT_STATES, CONTRACT_STEPS);
  // Holder staff with no contract step (brand, legal) have nothing here.
  if (!offered && viewer.holder) return null;
  // Only the states in which the flow may offer the person a step: for a licensee, the one awaiting its signature.
  const scope: SQL[] = [inArray(licenses.state, offered?.states ?? [])];
  if (!viewer.holder) scope.push(inArray(licenses.licensee, viewer.licenseeStaff));
  return {
    id: 'contracts',
    json: listedJson({
      table: licenses,
      // No step the flow offers this person: nothing waits (a licensee's staff still see the section).
      where: offered ? and(...scope, isNotNull(offered.step)) : sql`false`,
      orderBy: [{ column: licenses.dateUpdated }],
      limit: HOME_ITEMS,
      kind: 'license',
      step: offered?.step,
    }),
    finish: (listed) => {
      if (viewer.holder && listed.count === 0) return null;
      const names = nameListed(listed, 'license', viewer.lang);
      return {
        id: 'contracts',
        count: listed.count,
        items: listed.items.map((item, i) => ({
          label: names[i]!.label,
          href: viewer.holder ? '/holder/approve/license' : recordLink('license', item.row, 'applicant'),
          kind: 'license',
          state: `step_${item.step}`,
        })),
        href: viewer.holder ? '/holder/approve/license' : '/licensee/list',
      };
    },
  };
}
