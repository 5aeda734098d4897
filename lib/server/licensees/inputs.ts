import { z } from 'zod';
import { email, key } from '../entities/field-rules';

/** A person's sub-roles in a licensee organisation, strongest first. */
export const LICENSEE_ROLES = ['owner', 'admin', 'staff', 'designer'] as const;

/** Body of POST /api/licensee/member-lookup (the member page's add form checks it first too). */
export const memberLookupInput = z.object({ licensee: key(), email: email() }).strict();
