import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { emitBillingWebhooks } from '../webhooks/emit';
import { addWorkflowLog } from '../workflow/add-workflow-log';

export interface BillingStateChange {
  ref: 'invoice' | 'payment';
  key: string;
  action: string;
  from: string;
  to: string;
  data?: Record<string, unknown>;
}

/**
 * The one place a payment or an invoice's payment state changes are told: the workflow log and
 * the webhooks. Called inside the transaction that makes the change, so a rolled-back change
 * tells nothing.
 */
export async function billingStateChanged(tx: Db, caller: Caller, change: BillingStateChange): Promise<void> {
  await addWorkflowLog(tx, caller, {
    action: change.action,
    path: `${change.from}>${change.to}`,
    key: change.key,
    ref: change.ref,
    data: { from: change.from, to: change.to, ...change.data },
  });
  await emitBillingWebhooks(tx, change);
}
