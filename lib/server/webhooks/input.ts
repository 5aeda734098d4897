import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from './events';

// Pure schemas, shared by the routes, /openapi.json and the admin page's form.

const eventType = z.enum(WEBHOOK_EVENT_TYPES as [string, ...string[]]);

const fields = {
  /** Where messages are POSTed: http or https (checked for private addresses on save and before each attempt). */
  url: z.string().trim().min(1).max(2000),
  /** What the endpoint is for, for the admins who look after it. */
  description: z.string().trim().max(200),
  /** Event types the endpoint is told of; none: it is told of nothing. */
  events: z.array(eventType).max(WEBHOOK_EVENT_TYPES.length),
  enabled: z.boolean(),
};

/** Body of POST /api/sys/webhooks. */
export const webhookEndpointCreateInput = z
  .object({
    url: fields.url,
    description: fields.description.default(''),
    events: fields.events.default([]),
    enabled: fields.enabled.default(true),
  })
  .strict();

/** Body of PATCH /api/sys/webhooks/{key}: the fields to change. */
export const webhookEndpointUpdateInput = z
  .object({
    url: fields.url.optional(),
    description: fields.description.optional(),
    events: fields.events.optional(),
    enabled: fields.enabled.optional(),
  })
  .strict();

/** Body of POST …/{key}/rotate and …/replay: nothing beyond the path. */
export const webhookActionInput = z.object({}).strict();

/** Path of the endpoint routes. */
export const webhookKeyInput = z.object({ key: z.string().trim().min(1).max(64) }).strict();

/** Path of POST /api/sys/webhooks/{key}/deliveries/{id}/replay. */
export const webhookDeliveryKeyInput = z
  .object({ key: z.string().trim().min(1).max(64), id: z.string().trim().min(1).max(80) })
  .strict();

/** Query of GET /api/sys/webhooks/{key}/deliveries: newest first, a page at a time. */
export const webhookDeliveryListInput = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .strict();
