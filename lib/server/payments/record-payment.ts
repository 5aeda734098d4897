import { and, eq, sql } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { invoices, payments } from '../db/entities-schema';
import { viewerOf } from '../entities/viewer';
import { defaultHolder, groupsOf } from '../flow/facts';
import { newKey } from '../keys';
import { formatMoney } from '../naming/format';
import { referenceInInsert } from '../refs/allocate';
import { currencyDecimals, toMinorUnits } from '../sales/money';
import { japanToday } from '../../format/japan-calendar';
import { recordPaymentInput, reversePaymentInput } from './input';
import { PM } from './messages';
import { billingStateChanged } from './state-events';

export type PaymentRow = typeof payments.$inferSelect;

/** Finance approvers (cfl) and administrators handle money received; nobody else. */
export async function isFinance(db: Db, caller: Caller): Promise<boolean> {
  const viewer = await viewerOf(db, caller);
  if (viewer.admin) return true;
  return groupsOf(await defaultHolder(db), caller.sub).includes('cfl');
}

async function assertFinance(db: Db, caller: Caller): Promise<void> {
  if (!(await isFinance(db, caller))) throw new AppError('forbidden', PM.forbidden[caller.lang]);
}

/** What is still owed on an invoice: its amount less the payments not reversed (minor units). */
export async function paidOn(tx: Db, invoice: string): Promise<number> {
  const [row] = await tx
    .select({ paid: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.invoice, invoice), eq(payments.state, 'recorded')));
  return Number(row?.paid ?? 0);
}

/**
 * Records money received against an approved invoice, partial or whole, in one transaction: the
 * invoice row is locked, the amount may not exceed the balance, the payment draws its PAY-
 * reference, and the invoice becomes `paid` when nothing is left owing.
 */
export async function recordPayment(
  db: Db,
  caller: Caller,
  invoiceKey: string,
  body: unknown,
  now = new Date(),
): Promise<{ payment: PaymentRow; outstanding: number; invoiceState: string }> {
  await assertFinance(db, caller);
  const input = validateInput(recordPaymentInput, body, caller.lang);
  if (input.paid_on > japanToday(now)) throw fieldError(caller.lang, { paid_on: { message: PM.future, code: 'date' } });
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.key, invoiceKey)).for('update');
    if (!invoice) throw new AppError('not_found', 'invoice not found');
    if (invoice.state !== 'approved') {
      throw fieldError(caller.lang, { invoice: { message: PM.notPayable(invoice.state) } }, { conflict: true });
    }
    const decimals = currencyDecimals(invoice.currency);
    const parsed = toMinorUnits(input.amount, decimals);
    if (!parsed.ok || parsed.value <= 0) {
      const message = !parsed.ok && parsed.problem === 'decimals' ? PM.decimals(decimals) : PM.amount;
      throw fieldError(caller.lang, { amount: { message } });
    }
    const outstanding = invoice.amount - (await paidOn(tx, invoice.key));
    if (parsed.value > outstanding) {
      throw fieldError(caller.lang, {
        amount: { message: PM.overpaid(formatMoney(outstanding, invoice.currency, caller.lang)) },
      });
    }
    const reference = await referenceInInsert(tx, 'payment');
    const [payment] = await tx
      .with(reference.cte)
      .insert(payments)
      .values({
        key: newKey(),
        reference: reference.value,
        invoice: invoice.key,
        licensee: invoice.licensee,
        amount: parsed.value,
        currency: invoice.currency,
        paid_on: new Date(`${input.paid_on}T00:00:00.000Z`),
        method: input.method,
        payer_reference: input.payer_reference?.trim() || null,
        recorded_by: caller.sub,
      })
      .returning();
    await billingStateChanged(tx, caller, {
      ref: 'payment',
      key: payment!.key,
      action: 'record',
      from: '',
      to: 'recorded',
      data: { invoice: invoice.key, amount: payment!.amount, currency: payment!.currency },
    });
    const left = outstanding - parsed.value;
    let invoiceState = invoice.state;
    if (left === 0) {
      invoiceState = 'paid';
      await tx
        .update(invoices)
        .set({ state: 'paid', dateUpdated: new Date(), version: sql`${invoices.version} + 1` })
        .where(eq(invoices.key, invoice.key));
      await billingStateChanged(tx, caller, {
        ref: 'invoice',
        key: invoice.key,
        action: 'paid',
        from: invoice.state,
        to: 'paid',
      });
    }
    return { payment: payment!, outstanding: left, invoiceState };
  });
}

/**
 * Reverses a payment recorded by mistake (a bounced transfer, a wrong invoice): it stays, marked
 * reversed with the reason, who and when; a paid invoice owing again goes back to `approved`.
 */
export async function reversePayment(
  db: Db,
  caller: Caller,
  paymentKey: string,
  body: unknown,
): Promise<{ payment: PaymentRow; outstanding: number; invoiceState: string }> {
  await assertFinance(db, caller);
  const input = validateInput(reversePaymentInput, body, caller.lang);
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const [current] = await tx.select().from(payments).where(eq(payments.key, paymentKey)).limit(1);
    if (!current) throw new AppError('not_found', 'payment not found');
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.key, current.invoice)).for('update');
    const [payment] = await tx
      .update(payments)
      .set({
        state: 'reversed',
        reversal_reason: input.reason,
        reversed_at: new Date(),
        reversed_by: caller.sub,
        dateUpdated: new Date(),
        version: sql`${payments.version} + 1`,
      })
      .where(and(eq(payments.key, paymentKey), eq(payments.state, 'recorded')))
      .returning();
    if (!payment) throw fieldError(caller.lang, { payment: { message: PM.reversed } }, { conflict: true });
    await billingStateChanged(tx, caller, {
      ref: 'payment',
      key: payment.key,
      action: 'reverse',
      from: 'recorded',
      to: 'reversed',
      data: { invoice: payment.invoice, reason: input.reason },
    });
    const outstanding = (invoice?.amount ?? 0) - (await paidOn(tx, payment.invoice));
    let invoiceState = invoice?.state ?? '';
    if (invoice?.state === 'paid' && outstanding > 0) {
      invoiceState = 'approved';
      await tx
        .update(invoices)
        .set({ state: 'approved', dateUpdated: new Date(), version: sql`${invoices.version} + 1` })
        .where(eq(invoices.key, invoice.key));
      await billingStateChanged(tx, caller, { ref: 'invoice', key: invoice.key, action: 'unpaid', from: 'paid', to: 'approved' });
    }
    return { payment, outstanding, invoiceState };
  });
}
