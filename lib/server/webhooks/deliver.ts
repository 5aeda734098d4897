import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { getConfig } from '../../config';
import type { Db } from '../db/client';
import { webhookDeliveries, webhookEndpoints } from '../db/platform-schema';
import { PermanentJobError, type JobContext } from '../jobs/define';
import { resolveTarget } from './address';
import { postOnce } from './post';
import { webhookHeaders } from './signature';

/** How soon a message waiting behind an earlier one of the same record looks again. */
export const ORDER_WAIT_MS = 2_000;

async function recordAttempt(db: Db, key: string, status: number | null, error: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lastStatus: status, lastError: error.slice(0, 500) })
    .where(eq(webhookDeliveries.key, key));
}

/**
 * One attempt at a message. Messages about one record reach an endpoint in the order they were
 * written: while an earlier one is still queued this one waits (`requeue`, no attempt counted).
 * A 2xx answer delivers it, together with the job's completion; anything else is recorded on the
 * message and thrown, so the queue tries again later with the same message id. A target refused
 * as private is thrown as permanent: trying again cannot help until the URL or the setting changes.
 */
export async function deliverWebhook(
  key: string,
  ctx: JobContext,
  requeue: (tx: Db, runAt: Date) => Promise<unknown>,
): Promise<void> {
  const { db } = ctx;
  const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.key, key));
  if (!delivery || delivery.state === 'delivered') {
    await ctx.complete(undefined, () => ({ outcome: 'already' }));
    return;
  }
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.key, delivery.endpoint));
  if (!endpoint?.enabled) {
    const why = endpoint ? 'the endpoint is disabled' : 'the endpoint was deleted';
    await ctx.complete(
      (tx) =>
        tx
          .update(webhookDeliveries)
          .set({ state: 'failed', lastError: why })
          .where(and(eq(webhookDeliveries.key, key), eq(webhookDeliveries.state, 'queued'))),
      () => ({ outcome: 'dropped' }),
    );
    return;
  }
  const [earlier] = await db
    .select({ key: webhookDeliveries.key })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpoint, delivery.endpoint),
        eq(webhookDeliveries.subject, delivery.subject),
        eq(webhookDeliveries.state, 'queued'),
        lt(webhookDeliveries.dateCreated, delivery.dateCreated),
      ),
    )
    .limit(1);
  if (earlier) {
    await ctx.complete(
      (tx) => requeue(tx, new Date(ctx.now.getTime() + ORDER_WAIT_MS)),
      () => ({ outcome: 'waiting' }),
    );
    return;
  }
  const target = await resolveTarget(endpoint.url, getConfig().webhooks.allowPrivate);
  if (!target.ok) {
    const error =
      target.problem === 'private'
        ? `refused: ${target.detail} is a private address (WEBHOOK_ALLOW_PRIVATE is off)`
        : `cannot reach ${target.detail}`;
    await recordAttempt(db, key, null, error);
    if (target.problem === 'unresolved') throw new Error(error);
    throw new PermanentJobError(error);
  }
  const body = JSON.stringify(delivery.payload);
  const answer = await postOnce(target.url, target, webhookHeaders(endpoint.secret, key, body, new Date()), body);
  if (answer.status !== null && answer.status >= 200 && answer.status < 300) {
    await ctx.complete(
      (tx) =>
        tx
          .update(webhookDeliveries)
          .set({
            state: 'delivered',
            attempts: sql`${webhookDeliveries.attempts} + 1`,
            lastStatus: answer.status,
            lastError: null,
            deliveredAt: new Date(),
          })
          .where(eq(webhookDeliveries.key, key)),
      () => ({ outcome: 'delivered' }),
    );
    return;
  }
  const error = answer.status !== null ? `the endpoint answered ${answer.status}` : (answer.error ?? 'no answer');
  await recordAttempt(db, key, answer.status, error);
  throw new Error(error);
}

/** A message the queue gave up on is marked failed (a replay queues it again). */
export async function markDeliveryFailed(tx: Db, key: string, error: string): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ state: 'failed', lastError: error.slice(0, 500) })
    .where(and(eq(webhookDeliveries.key, key), eq(webhookDeliveries.state, 'queued')));
}

/** "event type · reference" of messages, by message key, for the jobs page. */
export async function deliveryLabels(db: Db, keys: string[]): Promise<Map<string, string>> {
  if (!keys.length) return new Map();
  const rows = await db
    .select({ key: webhookDeliveries.key, type: webhookDeliveries.eventType, reference: webhookDeliveries.reference })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.key, keys));
  return new Map(rows.map((r) => [r.key, [r.type, r.reference].filter(Boolean).join(' · ')]));
}
