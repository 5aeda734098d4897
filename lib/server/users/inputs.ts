import { z } from 'zod';
import { shortText, stringMap } from '../entities/field-rules';
import { MAIL_KINDS } from '../notify/mail-kinds';

/** An EVM address: 0x and 40 hexadecimal digits. */
export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Body of /api/core/users/profile/update: the caller's own names, language (the one language
 * setting of the person: pages, notifications, mail and PDFs follow it), picture, wallet, and the
 * terms accepted on this record by someone whose version is compared here (lib/terms/wall.ts).
 */
export const usersProfileUpdateInput = z
  .object({
    nickname: shortText(100).optional(),
    first_name: shortText(100).optional(),
    last_name: shortText(100).optional(),
    lang: z.enum(['jp', 'en']).optional(),
    // A site path or an http(s) address; never javascript: or data: URLs.
    picture: z
      .string()
      .trim()
      .max(2000)
      .regex(/^(https?:\/\/[^\s]+|\/(?![/\\])[^\s]*)$/)
      .meta({ examples: ['https://example.com/me.png'] })
      .nullable()
      .optional(),
    wallet: z.string().trim().regex(EVM_ADDRESS).nullable().optional(),
    // Kinds of notification not to be mailed (the bell still has them).
    mail_off: z.array(z.enum(MAIL_KINDS)).max(MAIL_KINDS.length).optional(),
    // One mail a day listing the day's items instead of one mail each.
    mail_digest: z.boolean().optional(),
    accepted_terms_version: stringMap().optional(),
  })
  .strict();

/** Body of /api/core/users/setbio: the caller's own bio. */
export const usersSetBioInput = z.object({ bio: z.string().max(5000) }).strict();
