import { invoices } from '../db/entities-schema';
import type { HomeContext } from './context';
import type { Listed } from './listed';
import { stepSectionPart } from './step-section';
import type { HomePart } from './types';

/**
 * Invoices waiting for the caller: drafts a licensee organisation's staff submit, approved ones
 * CFL and administrators mark paid (only those the flow lets this person take).
 */
export function invoicesPart(ctx: HomeContext): HomePart<Listed> | null {
  const page = ctx.viewer.holder ? '/holder/invoice' : '/licensee/invoice';
  return stepSectionPart(ctx, {
    id: 'invoices',
    entity: 'Invoice',
    table: invoices,
    kind: 'invoice',
    states: ['draft', 'approved'],
    actions: ['submit', 'mark_paid'],
    itemHref: () => page,
    href: page,
  });
}
