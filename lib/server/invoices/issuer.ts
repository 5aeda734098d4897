import { eq } from 'drizzle-orm';
import { isInvoiceRegistrationNumber, foldWidth } from '../../validation/jp-identifiers';
import type { Db } from '../db/client';
import { licensees } from '../db/entities-schema';
import { findDefaultHolder } from '../holder/default-holder';

/**
 * Who issues an invoice and how to pay it, from Holder.config: what the qualified invoice system
 * (適格請求書) asks of the issuer besides its name. A registration number that fails its check
 * digit is left off rather than printed wrong.
 */
export interface InvoiceParties {
  issuer_name: string;
  /** T and 13 digits, checked (lib/validation/jp-identifiers). */
  registration_number: string | null;
  issuer_address: string;
  bank_account: string;
  recipient_address: string;
}

/** Holder.config values are JSON strings; a bare text is taken as it is. */
export function configText(config: Record<string, string>, key: string): string {
  const raw = config[key];
  if (raw === undefined || raw === '') return '';
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'string' ? value : raw;
  } catch {
    return raw;
  }
}

export function registrationNumberOf(config: Record<string, string>): string | null {
  const value = foldWidth(configText(config, 'invoice.registration_number')).toUpperCase();
  return isInvoiceRegistrationNumber(value) ? value : null;
}

export async function invoiceParties(db: Db, licensee: string): Promise<InvoiceParties> {
  const holder = await findDefaultHolder(db);
  const config = holder?.config ?? {};
  const [org] = await db.select({ address: licensees.address }).from(licensees).where(eq(licensees.key, licensee)).limit(1);
  const address = org?.address ?? {};
  return {
    issuer_name: holder?.name ?? '',
    registration_number: registrationNumberOf(config),
    issuer_address: configText(config, 'invoice.issuer_address'),
    bank_account: configText(config, 'invoice.bank_account'),
    recipient_address: [address.line, address.city, address.country].filter(Boolean).join(' '),
  };
}
