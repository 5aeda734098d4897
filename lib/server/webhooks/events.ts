import { defaultFlows } from '../flow/definitions';
import type { Subject } from '../flow/types';

// Pure: the one list of webhook event types, used by validation, the admin page and /openapi.json.

/** The records whose state changes are told, in the order the admin page groups them. */
export const WEBHOOK_SUBJECTS = ['usage', 'primary_ip', 'ip', 'license', 'product', 'sales', 'invoice', 'payment'] as const;

export type WebhookSubject = (typeof WEBHOOK_SUBJECTS)[number];

/** A payment is recorded once and may be reversed; it has no flow of its own. */
const PAYMENT_STATES = ['recorded', 'reversed'] as const;

function statesOf(subject: WebhookSubject): readonly string[] {
  return subject === 'payment' ? PAYMENT_STATES : defaultFlows[subject as Subject].states;
}

/** Event types by record kind: `<subject>.<state>`, one per state a record can arrive in. */
export const WEBHOOK_EVENT_GROUPS: ReadonlyArray<{ subject: WebhookSubject; events: readonly string[] }> = WEBHOOK_SUBJECTS.map(
  (subject) => ({ subject, events: statesOf(subject).map((state) => `${subject}.${state}`) }),
);

/** Every event type an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES: readonly string[] = WEBHOOK_EVENT_GROUPS.flatMap((g) => g.events);

const known = new Set(WEBHOOK_EVENT_TYPES);

export function isWebhookEventType(value: string): boolean {
  return known.has(value);
}

/** The event type of a record arriving in a state, or null when no endpoint can subscribe to it (liquid). */
export function eventTypeOf(subject: string, state: string): string | null {
  const type = `${subject}.${state}`;
  return known.has(type) ? type : null;
}
