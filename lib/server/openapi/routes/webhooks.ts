import { WEBHOOK_EVENT_TYPES } from '../../webhooks/events';
import {
  webhookActionInput,
  webhookDeliveryListInput,
  webhookEndpointCreateInput,
  webhookEndpointUpdateInput,
} from '../../webhooks/input';
import type { RouteDoc } from '../route-docs';

const endpoint = {
  type: 'object',
  properties: {
    key: { type: 'string' },
    url: { type: 'string', format: 'uri', example: 'https://erp.example.com/hooks/ipl' },
    description: { type: 'string', example: 'ERP: licenses and invoices' },
    events: { type: 'array', items: { enum: [...WEBHOOK_EVENT_TYPES] }, example: ['license.active', 'invoice.paid'] },
    enabled: { type: 'boolean' },
    createdBy: { type: 'string' },
    dateCreated: { type: 'string', format: 'date-time' },
    dateUpdated: { type: 'string', format: 'date-time' },
  },
  required: ['key', 'url', 'description', 'events', 'enabled', 'createdBy', 'dateCreated', 'dateUpdated'],
};

const issued = {
  type: 'object',
  properties: {
    endpoint,
    secret: {
      type: 'string',
      description: 'The Standard Webhooks signing secret (whsec_…), shown only in this answer',
      example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    },
  },
  required: ['endpoint', 'secret'],
};

const delivery = {
  type: 'object',
  properties: {
    key: {
      type: 'string',
      description: 'The message id, sent as webhook-id on every attempt',
      example: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    },
    endpoint: { type: 'string' },
    eventType: { enum: [...WEBHOOK_EVENT_TYPES], example: 'license.active' },
    subject: { type: 'string', description: 'Key of the record the message is about' },
    reference: { type: ['string', 'null'], example: 'LIC-2026-0042' },
    payload: {
      type: 'object',
      example: {
        type: 'license.active',
        timestamp: '2026-11-25T06:00:00.000Z',
        data: {
          key: 'k…',
          reference: 'LIC-2026-0042',
          from: 'signed',
          to: 'active',
          name: 'LIC-2026-0042 ポテトヒーロー / カルビー商事',
        },
      },
    },
    state: { enum: ['queued', 'delivered', 'failed'] },
    attempts: { type: 'integer' },
    lastStatus: { type: ['integer', 'null'], example: 503 },
    lastError: { type: ['string', 'null'] },
    dateCreated: { type: 'string', format: 'date-time' },
    deliveredAt: { type: ['string', 'null'], format: 'date-time' },
  },
  required: [
    'key',
    'endpoint',
    'eventType',
    'subject',
    'reference',
    'payload',
    'state',
    'attempts',
    'lastStatus',
    'lastError',
    'dateCreated',
    'deliveredAt',
  ],
};

/** Webhook endpoints and their delivery log (issue #25). */
export function webhookRoutes(): RouteDoc[] {
  return [
    {
      path: '/api/sys/webhooks',
      method: 'get',
      summary: 'Webhook endpoints, newest first, with the event types each is told of (never their secrets)',
      tag: 'system',
      acl: 'calbee:admin',
      output: { type: 'array', items: endpoint },
    },
    {
      path: '/api/sys/webhooks',
      method: 'post',
      summary:
        'Add a webhook endpoint (http or https, not a private address unless WEBHOOK_ALLOW_PRIVATE); the answer holds its signing secret, shown this once (webhook.create in the admin log)',
      tag: 'system',
      input: webhookEndpointCreateInput,
      acl: 'calbee:admin',
      output: issued,
    },
    {
      path: '/api/sys/webhooks/{key}',
      method: 'patch',
      summary: "Change an endpoint's URL, description, event types or whether it is enabled (webhook.update)",
      tag: 'system',
      input: webhookEndpointUpdateInput,
      acl: 'calbee:admin',
      output: endpoint,
    },
    {
      path: '/api/sys/webhooks/{key}',
      method: 'delete',
      summary: 'Delete an endpoint; its delivery log is kept and messages still queued for it are not sent (webhook.delete)',
      tag: 'system',
      acl: 'calbee:admin',
      output: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
    },
    {
      path: '/api/sys/webhooks/{key}/rotate',
      method: 'post',
      summary: 'Issue a new signing secret, shown this once; messages sent from now on are signed with it (webhook.rotate)',
      tag: 'system',
      input: webhookActionInput,
      acl: 'calbee:admin',
      output: issued,
    },
    {
      path: '/api/sys/webhooks/{key}/deliveries',
      method: 'get',
      summary: "An endpoint's messages, newest first, a page at a time: state, attempts, last HTTP status and error",
      tag: 'system',
      input: webhookDeliveryListInput,
      acl: 'calbee:admin',
      output: {
        type: 'object',
        properties: {
          items: { type: 'array', items: delivery },
          total: { type: 'integer' },
          limit: { type: 'integer' },
          offset: { type: 'integer' },
        },
        required: ['items', 'total', 'limit', 'offset'],
      },
    },
    {
      path: '/api/sys/webhooks/{key}/deliveries/{id}/replay',
      method: 'post',
      summary: 'Send a message again under the same message id (webhook-id), whatever its state',
      tag: 'system',
      input: webhookActionInput,
      acl: 'calbee:admin',
      output: delivery,
    },
  ];
}
