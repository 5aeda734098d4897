import type { InvoiceBalance } from '@/lib/server/payments/balances';

// The shape the balances route answers, declared once where it is computed (a type only: nothing server-side reaches the bundle).
export type { InvoiceBalance };
export type PaymentLine = InvoiceBalance['payments'][number];

/** What the payment routes answer: the payment and the balance left, or per-field messages. */
export type PaymentAnswer = {
  status: number;
  message?: string;
  data?: { errors?: Record<string, string>; payment?: PaymentLine; outstanding?: number };
};

/** The per-field messages of a refusal (none when the refusal names no field). */
export function errorsOf(answer: PaymentAnswer | null): Record<string, string> {
  return answer?.data?.errors ?? {};
}
