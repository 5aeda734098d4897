import { licenses } from '../db/entities-schema';
import { recordLink } from '../notify/record-link';
import type { HomeContext } from './context';
import type { Listed } from './listed';
import { stepSectionPart } from './step-section';
import type { HomePart } from './types';

/**
 * Contracts waiting for the caller: a licensee organisation's owners, admins and staff see those
 * sent for their signature; the holder's staff those to send and to countersign.
 */
export function contractsPart(ctx: HomeContext): HomePart<Listed> | null {
  const holder = ctx.viewer.holder;
  return stepSectionPart(ctx, {
    id: 'contracts',
    entity: 'License',
    table: licenses,
    kind: 'license',
    states: ['approved', 'contract_sent', 'signed'],
    // The contract steps a person takes from a home: the licensee signs, the holder sends and countersigns.
    actions: ['send_contract', 'sign', 'countersign'],
    itemHref: (item) => (holder ? '/holder/approve/license' : recordLink('license', item.row, 'applicant')),
    href: holder ? '/holder/approve/license' : '/licensee/list',
  });
}
