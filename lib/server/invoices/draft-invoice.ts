import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { invoices, sales, salesReports, type TaxLine } from '../db/entities-schema';
import { newKey } from '../keys';
import { validateInput } from '../common/validate-input';
import { addWorkflowLog } from '../workflow/add-workflow-log';
import { computeInvoice, type InvoiceComputation } from './compute-invoice';
import { assertInvoiceAccess, invoiceAccessOf } from './invoice-access';
import { invoiceDraftInput } from './invoice-input';
import { serializeComputation } from './invoice-breakdown';
import { referenceInInsert } from '../refs/allocate';

export type InvoiceRow = typeof invoices.$inferSelect;

/** The breakdown an invoice would have, without writing anything (the page shows it before creating). */
export async function previewInvoice(db: Db, caller: Caller, body: unknown): Promise<ReturnType<typeof serializeComputation>> {
  const input = validateInput(invoiceDraftInput, body, caller.lang);
  assertInvoiceAccess(await invoiceAccessOf(db, caller), input.licensee, 'licensee');
  return serializeComputation(await computeInvoice(db, input, caller.lang));
}

function taxLinesOf(computed: InvoiceComputation, caller: Caller): TaxLine[] {
  // `label` in the creator's language; both languages stay on the line for the PDF and the screens.
  return computed.tax_lines.map((line) => ({
    ...line,
    label: caller.lang === 'en' ? line.label_en : line.label_jp,
  }));
}

/**
 * A draft invoice from the organisation's approved, not yet invoiced sales of the period. In one
 * transaction: the invoice, its rows and fully invoiced reports moved to `invoiced`, and a
 * LogWorkflow entry holding the per-license breakdown (what the PDF and the screens show).
 */
export async function draftInvoice(
  db: Db,
  caller: Caller,
  body: unknown,
): Promise<{ invoice: InvoiceRow; breakdown: ReturnType<typeof serializeComputation> }> {
  const input = validateInput(invoiceDraftInput, body, caller.lang);
  assertInvoiceAccess(await invoiceAccessOf(db, caller), input.licensee, 'licensee');
  return db.transaction(async (tx) => {
    const computed = await computeInvoice(tx, input, caller.lang, { lock: true });
    const reference = await referenceInInsert(tx, 'invoice');
    const [invoice] = await tx
      .with(reference.cte)
      .insert(invoices)
      .values({
        key: newKey(),
        reference: reference.value,
        licensee: computed.licensee,
        period_start: computed.period_start,
        period_end: computed.period_end,
        amount: computed.total,
        currency: computed.currency,
        tax_lines: taxLinesOf(computed, caller),
        due_date: computed.due_date,
        state: 'draft',
        sales: computed.sales,
        charges: computed.charges,
        owner: caller.sub,
      })
      .returning();
    const now = new Date();
    await tx
      .update(sales)
      .set({ state: 'invoiced', dateUpdated: now, version: sql`${sales.version} + 1` })
      .where(inArray(sales.key, computed.sales));
    let invoicedReports: string[] = [];
    if (computed.reports.length > 0) {
      // A report is invoiced once none of its rows is left to invoice.
      const open = await tx
        .selectDistinct({ report: sales.report })
        .from(sales)
        .where(and(inArray(sales.report, computed.reports), ne(sales.state, 'invoiced')));
      const stillOpen = new Set(open.map((o) => o.report));
      invoicedReports = computed.reports.filter((r) => !stillOpen.has(r));
      if (invoicedReports.length > 0) {
        await tx
          .update(salesReports)
          .set({ state: 'invoiced', dateUpdated: now, version: sql`${salesReports.version} + 1` })
          .where(and(inArray(salesReports.key, invoicedReports), eq(salesReports.state, 'approved')));
      }
    }
    const breakdown = serializeComputation(computed);
    const txDb = tx as unknown as Db;
    await addWorkflowLog(txDb, caller, {
      action: 'create',
      path: '>draft',
      key: invoice!.key,
      ref: 'invoice',
      data: { breakdown, reports: invoicedReports },
    });
    for (const report of invoicedReports) {
      await addWorkflowLog(txDb, caller, {
        action: 'invoice',
        path: 'approved>invoiced',
        key: report,
        ref: 'sales',
        data: { from: 'approved', to: 'invoiced', invoice: invoice!.key },
      });
    }
    return { invoice: invoice!, breakdown };
  });
}
