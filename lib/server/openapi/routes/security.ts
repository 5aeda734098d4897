import { confirmContactInput } from '../../contacts/confirm-contact';
import { clearThrottleInput } from '../../idp/throttles-admin';
import type { RouteDoc } from '../route-docs';

const throttle = {
  type: 'object',
  properties: {
    key: { type: 'string' },
    kind: { enum: ['pair', 'source', 'account'] },
    account: { type: ['string', 'null'] },
    source: { type: ['string', 'null'] },
    failures: { type: 'integer' },
    lastFailureAt: { type: ['string', 'null'], format: 'date-time' },
    blockedUntil: { type: ['string', 'null'], format: 'date-time' },
    waitSeconds: { type: 'integer' },
    notifiedAt: { type: ['string', 'null'], format: 'date-time' },
  },
};

/** Sign-in throttles and contact e-mail confirmation (issue #23). */
export function securityRoutes(): RouteDoc[] {
  return [
    {
      path: '/api/sys/throttles',
      method: 'get',
      summary:
        'Sign-in throttles that still count, newest failure first: (account, source) pairs and sources being slowed down, and accounts whose owner was told of repeated failures',
      tag: 'system',
      acl: 'calbee:admin',
      output: { type: 'array', items: throttle },
    },
    {
      path: '/api/sys/throttles/clear',
      method: 'post',
      summary: 'Forget one throttle by its key (the source may sign in at once); written to the admin log (throttle.clear)',
      tag: 'system',
      input: clearThrottleInput,
      acl: 'calbee:admin',
      output: { type: 'object', properties: { key: { type: 'string' } } },
    },
    {
      path: '/api/contact/verify',
      method: 'post',
      summary:
        'Confirm a contact e-mail change with the single-use token from the confirmation mail (as the person who asked for it); the new address then replaces the old one',
      tag: 'system',
      input: confirmContactInput,
      output: {
        type: 'object',
        properties: {
          entity: { type: 'string' },
          record: { type: 'string' },
          field: { type: 'string' },
          value: { type: 'string' },
        },
      },
    },
  ];
}
