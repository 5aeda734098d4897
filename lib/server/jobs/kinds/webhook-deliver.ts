import { z } from 'zod';
import { deliverWebhook, deliveryLabels, markDeliveryFailed } from '../../webhooks/deliver';
import { defineJob } from '../define';

/**
 * One webhook message to its endpoint (lib/server/webhooks). Retried on the Standard Webhooks
 * schedule (seconds, minutes, then hours) for about a day and a half before it is marked failed.
 */
export const webhookDeliverJob = defineJob({
  kind: 'webhook.deliver',
  lane: 'webhooks',
  payload: z.object({ delivery: z.string() }),
  subject: (p) => p.delivery,
  maxAttempts: 8,
  backoffMs: [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000, 10 * 3600_000],
  // Longer than one attempt's 10 s timeout, so a slow receiver is not taken for a dead worker.
  leaseMs: 30_000,
  labels: deliveryLabels,
  async run({ delivery }, ctx) {
    await deliverWebhook(delivery, ctx, (tx, runAt) => webhookDeliverJob.enqueue(tx, { delivery }, { runAt }));
  },
  async onFailure(tx, job, failure) {
    if (failure.dead) await markDeliveryFailed(tx, String(job.payload.delivery), failure.error);
  },
});
