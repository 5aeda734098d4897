import { entitiesOf } from '../../acl/match';
import { getConfig } from '../../config';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { viewerOf } from '../entities/viewer';

/** Sub-roles of an organisation that handle its invoices (its designers do not). */
const INVOICE_ROLES = ['owner', 'admin', 'staff'];

export interface InvoiceAccess {
  /** Holder roles (admin, boss, product) see every organisation's invoices. */
  holder: boolean;
  /** Organisations whose invoices the caller handles. */
  licensees: string[];
}

export async function invoiceAccessOf(db: Db, caller: Caller): Promise<InvoiceAccess> {
  const viewer = await viewerOf(db, caller);
  return { holder: viewer.holder, licensees: entitiesOf(caller.access, 'licensee', getConfig().aclClient, INVOICE_ROLES) };
}

/** Another organisation's invoice, or an organisation the caller is not in, does not exist for the caller. */
export function assertInvoiceAccess(access: InvoiceAccess, licensee: string, what = 'invoice'): void {
  if (!access.holder && !access.licensees.includes(licensee)) throw new AppError('not_found', `${what} not found`);
}
