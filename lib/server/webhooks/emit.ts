import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../common/tx';
import type { Db } from '../db/client';
import { invoices, payments } from '../db/entities-schema';
import { webhookDeliveries, webhookEndpoints } from '../db/platform-schema';
import type { TransitionEvent } from '../flow/record-events';
import { webhookDeliverJob } from '../jobs/kinds/webhook-deliver';
import { newKey } from '../keys';
import type { NamedKind } from '../naming/kinds';
import { KIND_OF_SUBJECT, nameRow } from '../naming/load-names';
import type { BillingStateChange } from '../payments/state-events';
import { eventTypeOf } from './events';

type Row = Record<string, unknown>;

/** What a message says (Standard Webhooks: type, timestamp, data); nothing personal beyond the record's name. */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: { key: string; reference: string | null; from: string | null; to: string; name: string };
}

interface StateChange {
  type: string;
  kind: NamedKind;
  key: string;
  from: string;
  to: string;
  /** The record, read only when some endpoint wants the message. */
  row: () => Promise<Row | undefined>;
}

/**
 * Writes one delivery per enabled endpoint subscribed to the change and a job to send each, in
 * the transaction of the change (the outbox): a change that rolls back tells no one, one that
 * commits is told however often the process dies. Costs one indexed query when no one listens.
 */
async function emit(tx: DbOrTx, change: StateChange): Promise<number> {
  const endpoints = await tx
    .select({ key: webhookEndpoints.key })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), sql`${change.type} = any(${webhookEndpoints.events})`));
  if (endpoints.length === 0) return 0;
  const row = (await change.row()) ?? { key: change.key };
  const reference = typeof row.reference === 'string' ? row.reference : null;
  // Japanese first (the platform's first language): the name a holder's staff would recognise.
  const name = (await nameRow(tx, change.kind, row, 'jp')).label;
  const payload: WebhookPayload = {
    type: change.type,
    timestamp: new Date().toISOString(),
    data: { key: change.key, reference, from: change.from || null, to: change.to, name },
  };
  for (const endpoint of endpoints) {
    const key = `msg_${newKey()}`;
    await tx.insert(webhookDeliveries).values({
      key,
      endpoint: endpoint.key,
      eventType: change.type,
      subject: change.key,
      reference,
      payload: payload as unknown as Record<string, unknown>,
      // The clock, not the transaction's start: two changes of one record in one transaction keep their order.
      dateCreated: sql`clock_timestamp()`,
    });
    await webhookDeliverJob.enqueue(tx, { delivery: key });
  }
  return endpoints.length;
}

/** A flow record arrived in a state (called by enterState for every move). */
export async function emitTransitionWebhooks(tx: Db, event: TransitionEvent): Promise<number> {
  if (event.from === event.to) return 0;
  const type = eventTypeOf(event.subject, event.to);
  if (!type) return 0;
  return emit(tx, {
    type,
    kind: KIND_OF_SUBJECT[event.subject],
    key: String(event.row.key),
    from: event.from,
    to: event.to,
    row: async () => event.row,
  });
}

/** A payment recorded or reversed, an invoice paid or owing again (called by billingStateChanged). */
export async function emitBillingWebhooks(tx: Db, change: BillingStateChange): Promise<number> {
  const type = eventTypeOf(change.ref, change.to);
  if (!type) return 0;
  const table = change.ref === 'payment' ? payments : invoices;
  return emit(tx, {
    type,
    kind: change.ref,
    key: change.key,
    from: change.from,
    to: change.to,
    row: async () => {
      const [row] = await tx.select().from(table).where(eq(table.key, change.key)).limit(1);
      return row as Row | undefined;
    },
  });
}
