import { emitEmailInput, mailListInput, mailRetryInput, OUTBOX_STATES } from '../../mail/inputs';
import { notifyKeyInput, notifyListAllInput, notifyMailInput, notifyManageInput, notifyNewInput } from '../../notify/inputs';
import type { RouteDoc } from '../route-docs';

const staff = 'calbee:admin, calbee:<product>';
const admin = 'calbee:admin';

/** A notification as the API shows it (lib/server/notify/notification-view.ts). */
const item = {
  type: 'object',
  properties: {
    key: { type: 'string' },
    subject: { type: 'string' },
    content: { type: 'string' },
    link: { type: ['string', 'null'], description: 'Where the reader acts on it: a path under /{lang}, or null' },
    created: { type: 'string', format: 'date-time' },
    read: { type: 'boolean' },
  },
  required: ['key', 'subject', 'content', 'link', 'created', 'read'],
};

/** A notification with whom it is for (sub), as staff see it. */
const targeted = {
  ...item,
  properties: { ...item.properties, target: { type: 'string', description: 'sub of the person it is for' } },
  required: [...item.required, 'target'],
};

/** The unread count after a change, for the bell. */
const unread = { type: 'integer', minimum: 0, description: "The caller's unread notifications after the change" };

const nextCursor = {
  type: ['string', 'null'],
  description: 'Pass as `cursor` for the next page; null on the last page',
};

/** An outbox message without its bodies (lib/server/mail/outbox-admin.ts). */
const outboxSummaryProperties = {
  key: { type: 'string' },
  to: { type: 'string', format: 'email' },
  subject: { type: 'string' },
  template: { type: ['string', 'null'], description: 'The template id, or null for free text' },
  lang: { enum: ['jp', 'en'] },
  state: { enum: [...OUTBOX_STATES], description: 'kept: there is no SMTP server to send to' },
  attempts: { type: 'integer', minimum: 0 },
  lastError: { type: ['string', 'null'] },
  nextAttemptAt: { type: 'string', format: 'date-time' },
  dateCreated: { type: 'string', format: 'date-time' },
  sentAt: { type: ['string', 'null'], format: 'date-time' },
};
const outboxSummary = {
  type: 'object',
  properties: outboxSummaryProperties,
  required: Object.keys(outboxSummaryProperties),
};
const outboxMail = {
  type: 'object',
  properties: {
    ...outboxSummaryProperties,
    text: { type: 'string' },
    html: { type: ['string', 'null'] },
    messageId: { type: ['string', 'null'], description: "The SMTP server's Message-ID once sent" },
  },
  required: [...Object.keys(outboxSummaryProperties), 'text', 'html', 'messageId'],
};

const dropped = { type: 'object', properties: { key: { type: 'string' }, unread }, required: ['key', 'unread'] };

/** Routes of the notify area (notifications, the live stream, the e-mail outbox), documented with their zod schemas. */
export function notifyRoutes(): RouteDoc[] {
  return [
    {
      path: '/api/core/notify/new',
      method: 'post',
      summary:
        'Create a notification for a target (sub or e-mail). Admin and product staff may notify anyone; anyone else only themselves',
      tag: 'notify',
      input: notifyNewInput,
      output: item,
    },
    {
      path: '/api/core/notify/mail',
      method: 'post',
      summary:
        "E-mail a notification to its target in the target's language through the outbox: `{ key }` of an existing one (the caller's own; staff: any), or the fields of /notify/new to create and mail one",
      tag: 'notify',
      input: notifyMailInput,
      output: {
        type: 'object',
        properties: { notification: targeted, mail: { type: 'string', description: 'Key of the outbox message (/sys/mail)' } },
        required: ['notification', 'mail'],
      },
    },
    {
      path: '/api/core/notify/manage',
      method: 'post',
      summary:
        "Mark the caller's notifications read or unread (`keys`), or all read (`read_all`); a key that is not the caller's answers 404. Answers `{ updated, unread }`",
      tag: 'notify',
      input: notifyManageInput,
      output: {
        type: 'object',
        properties: { updated: { type: 'integer', minimum: 0 }, unread },
        required: ['updated', 'unread'],
      },
    },
    {
      path: '/api/core/notify/list/all',
      method: 'get',
      summary: "Everyone's notifications newest first (`?target=` sub or e-mail, `limit`, `cursor` = last key seen)",
      tag: 'notify',
      input: notifyListAllInput,
      acl: admin,
      output: {
        type: 'object',
        properties: { items: { type: 'array', items: targeted }, nextCursor },
        required: ['items', 'nextCursor'],
      },
    },
    {
      path: '/api/core/notify/get',
      method: 'get',
      summary: "One of the caller's notifications (`?key=`); anyone else's answers 404",
      tag: 'notify',
      output: item,
    },
    {
      path: '/api/core/notify/get',
      method: 'post',
      summary: "One of the caller's notifications (`{ key }`); anyone else's answers 404",
      tag: 'notify',
      input: notifyKeyInput,
      output: item,
    },
    {
      path: '/api/core/notify/drop',
      method: 'post',
      summary: "Delete one of the caller's notifications (`{ key }`); anyone else's answers 404. Answers `{ key, unread }`",
      tag: 'notify',
      input: notifyKeyInput,
      output: dropped,
    },
    {
      path: '/api/core/notify/drop',
      method: 'delete',
      summary: "Delete one of the caller's notifications (`?key=`); anyone else's answers 404",
      tag: 'notify',
      output: dropped,
    },
    {
      path: '/api/core/notify/stream',
      method: 'get',
      summary:
        "Server-sent events (text/event-stream): `event: unread` with `{ unread }` at once and whenever the caller's notifications change (any replica), a comment heartbeat every 25 s; ends after 15 min (EventSource reconnects)",
      tag: 'notify',
      output: { type: 'string', description: 'text/event-stream' },
    },
    {
      path: '/api/core/mail/list',
      method: 'get',
      summary: 'The e-mail outbox newest first (`?state=queued|sent|failed|kept`, `limit`, `cursor` = last key seen)',
      tag: 'notify',
      input: mailListInput,
      acl: admin,
      output: {
        type: 'object',
        properties: { items: { type: 'array', items: outboxSummary }, nextCursor },
        required: ['items', 'nextCursor'],
      },
    },
    {
      path: '/api/core/mail/{key}',
      method: 'get',
      summary: 'One outbox message with its text and HTML',
      tag: 'notify',
      acl: admin,
      output: outboxMail,
    },
    {
      path: '/api/core/mail/{key}/retry',
      method: 'post',
      summary: 'Make a queued, failed or kept message due now (a sent one answers status 5)',
      tag: 'notify',
      input: mailRetryInput,
      acl: admin,
      output: outboxSummary,
    },
    {
      path: '/api/notify/emit/email',
      method: 'post',
      summary:
        "Send a templated (`template` + `vars`) or free-text (`subject` + `text`) e-mail to a user by sub or e-mail, in the user's language unless `lang`; answers the outbox key",
      tag: 'notify',
      input: emitEmailInput,
      acl: staff,
      output: {
        type: 'object',
        properties: {
          key: { type: 'string', description: 'Key of the outbox message' },
          to: { type: 'string', format: 'email' },
          template: { type: ['string', 'null'] },
        },
        required: ['key', 'to', 'template'],
      },
    },
  ];
}
