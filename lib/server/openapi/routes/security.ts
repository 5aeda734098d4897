import { confirmContactInput } from '../../contacts/confirm-contact';
import { clearThrottleInput } from '../../idp/throttles-admin';
import { serviceAccountActionInput, serviceAccountCreateInput } from '../../service-accounts/accounts';
import type { RouteDoc } from '../route-docs';
import { object } from '../outputs/kit';

const throttle = object({
  key: { type: 'string' },
  kind: { enum: ['pair', 'source', 'account'] },
  account: { type: ['string', 'null'] },
  source: { type: ['string', 'null'] },
  failures: { type: 'integer' },
  lastFailureAt: { type: ['string', 'null'], format: 'date-time' },
  blockedUntil: { type: ['string', 'null'], format: 'date-time' },
  waitSeconds: { type: 'integer' },
  notifiedAt: { type: ['string', 'null'], format: 'date-time' },
});

const serviceAccount = object({
  key: { type: 'string' },
  name: { type: 'string', example: 'ERP integration' },
  clientId: { type: 'string', example: 'svc-4fQ2mZ8rT1xW9kLp3cV7bN0a' },
  provider: {
    enum: ['embedded', 'external'],
    description:
      "embedded: tokens from this platform's provider by client credentials; external: JWTs of OIDC_ISSUER issued to clientId",
  },
  access: { type: 'array', items: { type: 'string' }, example: ['calbee:licensee'] },
  state: { enum: ['active', 'revoked'] },
  createdAt: { type: 'string', format: 'date-time' },
  createdBy: { type: 'string' },
  rotatedAt: { type: ['string', 'null'], format: 'date-time' },
  rotatedBy: { type: ['string', 'null'] },
  revokedAt: { type: ['string', 'null'], format: 'date-time' },
  revokedBy: { type: ['string', 'null'] },
});

const issued = object({
  account: serviceAccount,
  clientSecret: {
    type: ['string', 'null'],
    description:
      "Shown only in this answer; stored only as a digest. Null for an external provider's client, whose secret that provider keeps",
  },
});

/** Sign-in throttles and contact e-mail confirmation (issue #23). */
export function securityRoutes(): RouteDoc[] {
  return [
    {
      path: '/api/sys/service-accounts',
      method: 'get',
      summary: 'Service accounts (OAuth 2.0 client credentials clients), live ones first, with their access entries',
      tag: 'system',
      acl: 'calbee:admin',
      output: { type: 'array', items: serviceAccount },
    },
    {
      path: '/api/sys/service-accounts',
      method: 'post',
      summary:
        'Create a service account with its access entries; the answer holds its client id and its secret, shown this once (service.create in the admin log)',
      tag: 'system',
      input: serviceAccountCreateInput,
      acl: 'calbee:admin',
      output: issued,
    },
    {
      path: '/api/sys/service-accounts/{key}/rotate',
      method: 'post',
      summary:
        'Issue a new secret, shown this once; the old secret and every token issued with it stop working at once (service.rotate)',
      tag: 'system',
      input: serviceAccountActionInput,
      acl: 'calbee:admin',
      output: issued,
    },
    {
      path: '/api/sys/service-accounts/{key}/revoke',
      method: 'post',
      summary: 'Revoke a service account for good: its tokens are refused at once and it gets no new one (service.revoke)',
      tag: 'system',
      input: serviceAccountActionInput,
      acl: 'calbee:admin',
      output: serviceAccount,
    },
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
      output: object({ key: { type: 'string' } }),
    },
    {
      path: '/api/contact/verify',
      method: 'post',
      summary:
        'Confirm a contact e-mail change with the single-use token from the confirmation mail (as the person who asked for it); the new address then replaces the old one',
      tag: 'system',
      input: confirmContactInput,
      output: object({
        entity: { type: 'string' },
        record: { type: 'string' },
        field: { type: 'string' },
        value: { type: 'string' },
      }),
    },
  ];
}
