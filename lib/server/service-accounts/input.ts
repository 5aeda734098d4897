import { z } from 'zod';
import { grantableEntry } from '../roles/entry-input';

// Pure schemas, shared by the routes, /openapi.json and the admin page's form.

/** Body of POST /api/sys/service-accounts. */
export const serviceAccountCreateInput = z
  .object({
    /** What people call the integration (the admin log names its calls by it). */
    name: z.string().trim().min(1).max(100),
    /** Access entries in the grammar people hold (SPEC §6), none with a wildcard. */
    access: z.array(grantableEntry()).min(1).max(20),
    /**
     * With an external provider (OIDC_ISSUER): the client id its access tokens carry (client_id,
     * azp or appid claim). Not accepted with the embedded provider, which makes its own.
     */
    externalClientId: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/^[\x21-\x7e]+$/)
      .optional(),
  })
  .strict();

/** Body of POST …/{key}/rotate and …/revoke: nothing beyond the path (an empty object, or no body). */
export const serviceAccountActionInput = z.object({}).strict();
