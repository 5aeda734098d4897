import {
  inviteAcceptInput,
  inviteListQuery,
  inviteLicenseeOwnerInput,
  inviteMemberInput,
  invitePeekQuery,
  inviteResendInput,
} from '../../invite/inputs';
import { INVITE_KINDS } from '../../invite/token';
import type { RouteDoc } from '../route-docs';

const kind = { type: 'string', enum: [...INVITE_KINDS] };
const state = {
  type: 'string',
  enum: ['pending', 'accepted', 'revoked', 'expired'],
  description: 'expired: pending past its time',
};
const reference = {
  type: 'string',
  readOnly: true,
  description: 'The number people quote (IVT-2026-0007), given when the invitation is made',
};
const organisation = {
  type: 'string',
  description: "The organisation's name: the Licensee record's, or the one a licensee-owner invitation proposes",
};
const inviter = { type: 'string', description: "The inviter's name in the reader's language" };

/** An invitation as every invite route answers it (lib/server/invite/view.ts); never the token or its hash. */
const invitationProperties = {
  key: { type: 'string' },
  reference,
  kind,
  email: { type: 'string', format: 'email' },
  entity: {
    type: ['string', 'null'],
    description: 'Key of the Licensee organisation; null until a licensee-owner one is accepted',
  },
  organisation,
  role: { type: 'string' },
  lang: { type: 'string', enum: ['jp', 'en'] },
  state,
  data: {
    type: 'object',
    description: 'What the inviter proposed (a licensee-owner invitation: the organisation name, tel, website, country)',
  },
  invitedBy: { type: 'string', description: 'sub of the inviter' },
  inviter,
  expiresAt: { type: 'string', format: 'date-time' },
  acceptedBy: { type: ['string', 'null'] },
  acceptedAt: { type: ['string', 'null'], format: 'date-time' },
  revokedAt: { type: ['string', 'null'], format: 'date-time' },
  dateCreated: { type: 'string', format: 'date-time' },
  dateUpdated: { type: 'string', format: 'date-time' },
};
const invitation = { type: 'object', properties: invitationProperties, required: Object.keys(invitationProperties) };

/** What an invitation link is about, before accepting (lib/server/invite/accept-invitation.ts InvitationPeek). */
const peekProperties = {
  reference,
  kind,
  organisation,
  role: { type: 'string', enum: ['owner', 'staff', 'designer'], description: 'The role it gives in the organisation' },
  inviter,
  inviterOrganisation: {
    type: 'string',
    description: "The inviter's own organisation: the holder, or the licensee organisation for its members' invitations",
  },
  email: { type: 'string', description: 'The invited address' },
  state,
  expiresAt: { type: 'string', format: 'date-time' },
  emailMatches: {
    type: 'boolean',
    description: "The signed-in person's address is the one invited (case-insensitive); false before sign-in",
  },
  entity: { type: ['string', 'null'], description: 'After acceptance: the organisation it is about' },
};
const peek = { type: 'object', properties: peekProperties, required: Object.keys(peekProperties) };

const managers = 'the sender, calbee:admin, calbee:<product>, or an owner/admin of the organisation (member invitations)';

/** Routes of the invite area, documented with the zod schemas their handlers validate with. */
export function inviteRoutes(): RouteDoc[] {
  return [
    {
      path: '/api/invite',
      method: 'get',
      summary: "The signed-in person's pending invitations (sent to their e-mail address, not expired), newest first",
      tag: 'invite',
      output: { type: 'array', items: invitation },
    },
    {
      path: '/api/invite/list',
      method: 'get',
      summary:
        'Invitations the caller sent or manages, newest first (at most 200); ?state=pending|accepted|revoked|expired, ?entity=, ?kind=',
      tag: 'invite',
      input: inviteListQuery,
      output: { type: 'array', items: invitation },
    },
    {
      path: '/api/invite/accept',
      method: 'get',
      summary:
        "What an invitation link is about (?token=): kind, organisation, inviter, invited address, state, expiry and whether the caller's address matches; no secrets",
      tag: 'invite',
      input: invitePeekQuery,
      output: peek,
    },
    {
      path: '/api/invite/preview',
      method: 'get',
      summary:
        'Before sign-in: what an invitation link is about (?token=): who invited (person and organisation) to which organisation and role, the invited address, state and expiry; X-Lang: en for English names',
      tag: 'invite',
      public: true,
      input: invitePeekQuery,
      output: peek,
    },
    {
      path: '/api/invite/accept',
      method: 'post',
      summary:
        'Accept an invitation by its token, as the invited e-mail address: creates the organisation (licensee-owner) or the membership, the access entries and the admin log; used, expired or withdrawn links answer status 5 (409)',
      tag: 'invite',
      input: inviteAcceptInput,
      output: invitation,
    },
    {
      path: '/api/invite/{x}',
      method: 'get',
      summary: 'One invitation by key',
      output: invitation,
      tag: 'invite',
      acl: managers,
    },
    {
      path: '/api/invite/{x}',
      method: 'post',
      summary:
        'Invite by e-mail; x is the kind. licensee-owner (calbee:<product> or admin): a new organisation and its first owner. licensee-staff / licensee-designer (body below with `licensee`): a member of an organisation. The e-mail with a single-use link is queued in the same transaction',
      tag: 'invite',
      input: inviteLicenseeOwnerInput.or(inviteMemberInput),
      output: invitation,
      acl: 'licensee-owner: calbee:<product>, calbee:admin; member kinds: owners and admins of the organisation',
    },
    {
      path: '/api/invite/{x}',
      method: 'patch',
      summary: 'Resend a pending or expired invitation: a new link (the old one stops working), a new expiry and a new e-mail',
      tag: 'invite',
      input: inviteResendInput,
      output: invitation,
      acl: managers,
    },
    {
      path: '/api/invite/{x}',
      method: 'delete',
      summary: 'Withdraw a pending invitation; its link then answers that it was withdrawn',
      output: invitation,
      tag: 'invite',
      acl: managers,
    },
  ];
}
