import { and, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { invoices } from '../db/entities-schema';
import { offeredStepSql } from '../flow/offered-step-sql';
import type { HomeContext } from './context';
import { listedJson, nameListed, type Listed } from './listed';
import { HOME_ITEMS, type HomePart } from './types';

const INVOICE_STEPS = ['submit', 'mark_paid'] as const;
const INVOICE_STATES = ['draft', 'approved'] as const;

/**
 * Invoices waiting for the caller: drafts a licensee organisation's staff submit, approved ones
 * CFL and administrators mark paid (only those the flow lets this person take).
 */
export function invoicesPart(ctx: HomeContext): HomePart<Listed> | null {
  const { viewer } = ctx;
  if (!viewer.holder && viewer.licenseeStaff.length === 0) return null;
  const offered = offeredStepSql(viewer, ctx.holder, 'Invoice', INVOICE_STATES, INVOICE_STEPS);
  // Holder staff who may not mark invoices paid (holder@, brand, legal) have nothing here.
  if (!offered && viewer.holder) return null;
  // Only the states in which the flow may offer the person a step: for a licensee, the one awaiting its signature.
  const scope: SQL[] = [inArray(invoices.state, offered?.states ?? [])];
  if (!viewer.holder) scope.push(inArray(invoices.licensee, viewer.licenseeStaff));
  const page = viewer.holder ? '/holder/invoice' : '/licensee/invoice';
  return {
    id: 'invoices',
    json: listedJson({
      table: invoices,
      // No step the flow offers this person: nothing waits (a licensee's staff still see the section).
      where: offered ? and(...scope, isNotNull(offered.step)) : sql`false`,
      orderBy: [{ column: invoices.dateUpdated }],
      limit: HOME_ITEMS,
      kind: 'invoice',
      step: offered?.step,
    }),
    finish: (listed) => {
      if (viewer.holder && listed.count === 0) return null;
      const names = nameListed(listed, 'invoice', viewer.lang);
      return {
        id: 'invoices',
        count: listed.count,
        items: listed.items.map((item, i) => ({
          label: names[i]!.label,
          href: page,
          kind: 'invoice',
          state: `step_${item.step}`,
        })),
        href: page,
      };
    },
  };
}
