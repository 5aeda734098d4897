import { z } from 'zod';
import { entities } from '../entities/definitions';
import { sub } from '../entities/field-rules';

/** The Designer fields an applicant fills in; role and documents travel beside them. */
export const liquidProfile = entities.Designer.create.omit({ document: true, accepted_terms_version: true });

export const liquidDocuments = z
  .array(z.object({ image: z.string().trim().min(1).max(128), desc: z.string().max(500) }).strict())
  .max(20);

/** Body of POST /api/liquid/apply. */
export const liquidApplyInput = z
  .object({
    applicant_id: sub(),
    role: z.enum(['personal', 'corporate']),
    profile: liquidProfile,
    documents: liquidDocuments.optional(),
  })
  .strict();

/** Body of POST /api/liquid/state/{id}: the state to move to (issue has its own route). */
export const liquidStateInput = z
  .object({
    state: z.enum(['reviewing', 'approved', 'rejected']),
    comment: z.string().trim().max(2000).optional(),
  })
  .strict();

/** Body of POST /api/liquid/issue/{id}: nothing is required; an optional note goes to the log. */
export const liquidIssueInput = z.object({ comment: z.string().trim().max(2000).optional() }).strict();

export const LIQUID_STATES = ['applied', 'reviewing', 'approved', 'issued', 'rejected'] as const;
export const OPEN_LIQUID_STATES = ['applied', 'reviewing', 'approved'] as const;

/**
 * Query of GET /api/liquid/query/{id}: for `all`, one state, or every state when absent. Not
 * strict: the route's own `id` arrives among the query parameters, and other names were always ignored.
 */
export const liquidQueryInput = z.object({
  state: z.enum(LIQUID_STATES).optional().describe('For `all`: keep applications in this state'),
});
