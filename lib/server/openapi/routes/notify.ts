import { emitEmailInput, mailListInput, mailRetryInput } from '../../mail/inputs';
import { notifyKeyInput, notifyListAllInput, notifyMailInput, notifyManageInput, notifyNewInput } from '../../notify/inputs';
import type { RouteDoc } from '../route-docs';

const staff = 'calbee:admin, calbee:<product>';
const admin = 'calbee:admin';

const item = {
  type: 'object',
  properties: {
    key: { type: 'string' },
    subject: { type: 'string' },
    content: { type: 'string' },
    created: { type: 'string', format: 'date-time' },
    read: { type: 'boolean' },
  },
};

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
    },
    {
      path: '/api/core/notify/manage',
      method: 'post',
      summary:
        "Mark the caller's notifications read or unread (`keys`), or all read (`read_all`); a key that is not the caller's answers 404. Answers `{ updated, unread }`",
      tag: 'notify',
      input: notifyManageInput,
    },
    {
      path: '/api/core/notify/list/all',
      method: 'get',
      summary: "Everyone's notifications newest first (`?target=` sub or e-mail, `limit`, `cursor` = last key seen)",
      tag: 'notify',
      input: notifyListAllInput,
      acl: admin,
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
    },
    {
      path: '/api/core/notify/drop',
      method: 'delete',
      summary: "Delete one of the caller's notifications (`?key=`); anyone else's answers 404",
      tag: 'notify',
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
    },
    {
      path: '/api/core/mail/{key}',
      method: 'get',
      summary: 'One outbox message with its text and HTML',
      tag: 'notify',
      acl: admin,
    },
    {
      path: '/api/core/mail/{key}/retry',
      method: 'post',
      summary: 'Make a queued, failed or kept message due now (a sent one answers status 5)',
      tag: 'notify',
      input: mailRetryInput,
      acl: admin,
    },
    {
      path: '/api/notify/emit/email',
      method: 'post',
      summary:
        "Send a templated (`template` + `vars`) or free-text (`subject` + `text`) e-mail to a user by sub or e-mail, in the user's language unless `lang`; answers the outbox key",
      tag: 'notify',
      input: emitEmailInput,
      acl: staff,
    },
  ];
}
