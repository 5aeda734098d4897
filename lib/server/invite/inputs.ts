import { z } from 'zod';
import { email, key, phone, requiredText, shortText } from '../entities/field-rules';

const lang = () => z.enum(['jp', 'en']);

/** Body of POST /api/invite/licensee-owner: a new organisation and the address of its first owner. */
export const inviteLicenseeOwnerInput = z
  .object({
    email: email(),
    lang: lang().default('jp'),
    name: requiredText(200),
    tel: phone().optional(),
    website: shortText(300).optional(),
    country: shortText(100).optional(),
    message: shortText(1000).optional(),
  })
  .strict();

/** Body of POST /api/invite/licensee-staff and /api/invite/licensee-designer. */
export const inviteMemberInput = z
  .object({
    email: email(),
    lang: lang().default('jp'),
    licensee: key(),
    message: shortText(1000).optional(),
  })
  .strict();

/** Body of PATCH /api/invite/{key} (resend): optionally in another language. */
export const inviteResendInput = z.object({ lang: lang().optional() }).strict();

/** Body of POST /api/invite/accept. */
export const inviteAcceptInput = z.object({ token: z.string().min(1).max(200) }).strict();

/**
 * Query of GET /api/invite/preview and GET /api/invite/accept: the link's token. A token of the
 * right type that matches no invitation is not found, as before; other names are ignored.
 */
export const invitePeekQuery = z.object({ token: z.string().min(1).max(200).describe("The invitation link's token") });

/** Query of GET /api/invite/list. */
export const inviteListQuery = z
  .object({
    state: z.enum(['pending', 'accepted', 'revoked', 'expired']).optional(),
    entity: key().optional(),
    kind: z.enum(['licensee-owner', 'licensee-staff', 'licensee-designer']).optional(),
  })
  .strict();
