import { z } from 'zod';

// On its own, so the admin log's filter bar checks with it without loading the service.
/** A day (`YYYY-MM-DD`, whole UTC day) or an exact ISO time. */
const dayOrTime = z
  .string()
  .trim()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/)
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'invalid' });

/** Query of GET /api/core/audit/log. */
export const auditLogInput = z
  .object({
    /** Free text: action, data, or the e-mail / nickname of the actor or of the person concerned. */
    q: z.string().trim().max(200).optional(),
    /** Who made the change: a sub, or part of an e-mail or nickname. */
    actor: z.string().trim().max(200).optional(),
    /** An action (`acl.grant`) or a prefix ending with a dot (`acl.`). */
    action: z
      .string()
      .trim()
      .max(100)
      .regex(/^[a-z0-9_.-]+$/i)
      .optional(),
    /** What the change was about: the entry's ref (usually a sub), or part of that person's e-mail or nickname. */
    ref: z.string().trim().max(200).optional(),
    from: dayOrTime.optional(),
    to: dayOrTime.optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
    cursor: z.string().max(500).optional(),
  })
  .strict();
