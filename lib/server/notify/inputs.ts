import { z } from 'zod';

const key = () => z.string().trim().min(1).max(128);
const text = (max: number) => z.string().max(max);

/** Body of POST /api/core/notify/new: the target by sub (or e-mail), a subject and the content. */
export const notifyNewInput = z
  .object({
    target: z.string().trim().min(1).max(320),
    subject: z.string().trim().min(1).max(200),
    content: text(10_000).default(''),
  })
  .strict();

/**
 * Body of POST /api/core/notify/mail: e-mail an existing notification (`key`), or create one
 * and e-mail it in one go (the fields of /notify/new). A body with `key` is read as the first.
 */
export const notifyMailInput = z.union([z.object({ key: key() }).strict(), notifyNewInput]);

/** Body of POST /api/core/notify/manage: mark some read or unread, or all read. */
export const notifyManageInput = z
  .object({
    action: z.enum(['read', 'unread', 'read_all']),
    keys: z.array(key()).max(500).optional(),
  })
  .strict()
  .refine((v) => v.action === 'read_all' || (v.keys !== undefined && v.keys.length > 0), {
    path: ['keys'],
    message: 'keys required',
  });

/** Body (or query) of /api/core/notify/get and /api/core/notify/drop. */
export const notifyKeyInput = z.object({ key: key() }).strict();

/** Query of GET /api/core/notify/list/all (admin). */
export const notifyListAllInput = z
  .object({
    target: z.string().trim().min(1).max(320).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(200).optional(),
  })
  .strict();

export type NotifyNewInput = z.output<typeof notifyNewInput>;
