import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { invoices, licensees, payments } from '../db/entities-schema';
import { invoiceAccessOf } from '../invoices/invoice-access';
import { storedLines } from '../invoices/invoice-breakdown';
import { japanToday } from '../../format/japan-calendar';
import { allocateInvoice } from './allocation';
import { balancesInput } from './input';
import { isFinance } from './record-payment';

const DAY = 86_400_000;

export interface InvoiceBalance {
  invoice: string;
  reference: string;
  licensee: string;
  licensee_name: string;
  currency: string;
  amount: number;
  paid: number;
  outstanding: number;
  due_date: string | null;
  /** Days past the due day (Japan time) while money is owed; 0 when not overdue. */
  overdue_days: number;
  state: string;
  /**
   * The invoice's amount, payments and balance per license line (see allocation.ts); they add up
   * exactly to the invoice's. An invoice drafted without lines has one line with no license.
   */
  lines: InvoiceLineBalance[];
  payments: {
    key: string;
    reference: string;
    amount: number;
    paid_on: string;
    method: string;
    payer_reference: string | null;
    state: string;
    reversal_reason: string | null;
  }[];
}

export interface InvoiceLineBalance {
  /** The license's key; null for an invoice that has no license lines. */
  license: string | null;
  license_reference: string;
  ip_name: string;
  amount: number;
  paid: number;
  outstanding: number;
}

export interface LicenseBalance {
  license: string | null;
  license_reference: string;
  ip_name: string;
  outstanding: number;
  overdue: number;
  oldest_overdue_days: number;
}

export interface LicenseeBalance {
  licensee: string;
  licensee_name: string;
  currency: string;
  outstanding: number;
  overdue: number;
  oldest_overdue_days: number;
  /** The same balance per license; their outstanding and overdue add up exactly to the licensee's. */
  licenses: LicenseBalance[];
}

/** Days from the due day to today, both read as calendar days in Japan. */
export function overdueDays(dueDate: Date | null, today: string): number {
  if (!dueDate) return 0;
  const due = dueDate.toISOString().slice(0, 10);
  return due < today ? Math.round((Date.parse(today) - Date.parse(due)) / DAY) : 0;
}

/**
 * GET /api/invoice/balances: what each approved or paid invoice the caller may see is owed, its
 * payments (reversed ones kept, marked), and the totals per licensee and currency with the age of
 * the oldest overdue amount.
 */
export async function balances(
  db: Db,
  caller: Caller,
  query: unknown,
  now = new Date(),
): Promise<{ invoices: InvoiceBalance[]; licensees: LicenseeBalance[]; may_record: boolean }> {
  const q = Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).filter(([k, v]) => k === 'licensee' && typeof v === 'string'),
  );
  const input = validateInput(balancesInput, q, caller.lang);
  const access = await invoiceAccessOf(db, caller);
  if (input.licensee && !access.holder && !access.licensees.includes(input.licensee)) {
    throw new AppError('not_found', 'licensee not found');
  }
  const scope = input.licensee ? [input.licensee] : access.holder ? null : access.licensees;
  const may_record = await isFinance(db, caller);
  if (scope && scope.length === 0) return { invoices: [], licensees: [], may_record };
  const rows = await db
    .select({
      key: invoices.key,
      reference: invoices.reference,
      licensee: invoices.licensee,
      licensee_name: licensees.name,
      currency: invoices.currency,
      amount: invoices.amount,
      due_date: invoices.due_date,
      state: invoices.state,
    })
    .from(invoices)
    .leftJoin(licensees, eq(licensees.key, invoices.licensee))
    .where(and(inArray(invoices.state, ['approved', 'paid']), scope ? inArray(invoices.licensee, scope) : sql`true`))
    .orderBy(desc(invoices.period_start), invoices.reference);
  const paid = rows.length
    ? await db
        .select()
        .from(payments)
        .where(
          inArray(
            payments.invoice,
            rows.map((r) => r.key),
          ),
        )
        .orderBy(payments.paid_on, payments.reference)
    : [];
  const today = japanToday(now);
  const drafted = await storedLines(
    db,
    rows.map((r) => r.key),
  );
  const list: InvoiceBalance[] = rows.map((r) => {
    const mine = paid.filter((p) => p.invoice === r.key);
    const received = mine.filter((p) => p.state === 'recorded').reduce((s, p) => s + p.amount, 0);
    // Marked paid through the flow (支払済みにする: settled outside the platform, by offset say),
    // an invoice owes nothing even where no payment row accounts for all of it.
    const settled = r.state === 'paid' ? Math.max(received, r.amount) : received;
    const outstanding = r.amount - settled;
    const lines = drafted.get(r.key)?.length
      ? drafted.get(r.key)!.map((l) => ({
          license: l.license as string | null,
          license_reference: l.license_reference ?? '',
          ip_name: l.ip_name,
          due: l.due,
        }))
      : [{ license: null, license_reference: '', ip_name: '', due: r.amount }];
    return {
      invoice: r.key,
      reference: r.reference,
      licensee: r.licensee,
      licensee_name: r.licensee_name ?? '',
      currency: r.currency,
      amount: r.amount,
      paid: received,
      outstanding,
      due_date: r.due_date ? r.due_date.toISOString().slice(0, 10) : null,
      overdue_days: outstanding > 0 ? overdueDays(r.due_date, today) : 0,
      state: r.state,
      lines: allocateInvoice(r.amount, settled, lines).map((a) => ({
        license: a.line.license,
        license_reference: a.line.license_reference,
        ip_name: a.line.ip_name,
        amount: a.amount,
        paid: a.paid,
        outstanding: a.outstanding,
      })),
      payments: mine.map((p) => ({
        key: p.key,
        reference: p.reference,
        amount: p.amount,
        paid_on: p.paid_on.toISOString().slice(0, 10),
        method: p.method,
        payer_reference: p.payer_reference,
        state: p.state,
        reversal_reason: p.reversal_reason,
      })),
    };
  });
  const byLicensee = new Map<string, LicenseeBalance>();
  for (const b of list) {
    const id = `${b.licensee}\u0000${b.currency}`;
    const entry = byLicensee.get(id) ?? {
      licensee: b.licensee,
      licensee_name: b.licensee_name,
      currency: b.currency,
      outstanding: 0,
      overdue: 0,
      oldest_overdue_days: 0,
      licenses: [],
    };
    entry.outstanding += b.outstanding;
    if (b.overdue_days > 0) {
      entry.overdue += b.outstanding;
      entry.oldest_overdue_days = Math.max(entry.oldest_overdue_days, b.overdue_days);
    }
    for (const line of b.lines) {
      let perLicense = entry.licenses.find((l) => l.license === line.license);
      if (!perLicense) {
        perLicense = {
          license: line.license,
          license_reference: line.license_reference,
          ip_name: line.ip_name,
          outstanding: 0,
          overdue: 0,
          oldest_overdue_days: 0,
        };
        entry.licenses.push(perLicense);
      }
      perLicense.outstanding += line.outstanding;
      if (b.overdue_days > 0 && line.outstanding > 0) {
        perLicense.overdue += line.outstanding;
        perLicense.oldest_overdue_days = Math.max(perLicense.oldest_overdue_days, b.overdue_days);
      }
    }
    byLicensee.set(id, entry);
  }
  for (const entry of byLicensee.values())
    entry.licenses.sort((a, b) => (a.license_reference || '\uffff').localeCompare(b.license_reference || '\uffff'));
  return { invoices: list, licensees: [...byLicensee.values()], may_record };
}
