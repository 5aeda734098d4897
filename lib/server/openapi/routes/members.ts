import { memberLookupInput } from '../../licensees/lookup-licensee-member';
import type { RouteDoc } from '../route-docs';

/** Routes of the members area, documented with the zod schemas their handlers validate with. */
export function membersRoutes(): RouteDoc[] {
  return [
    {
      path: '/api/licensee/member-lookup',
      method: 'post',
      summary: 'Find the account with an exact e-mail address, to add it to licensee organisation `licensee`',
      tag: 'role',
      input: memberLookupInput,
      output: {
        type: 'object',
        properties: { sub: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } },
        required: ['sub', 'name', 'email'],
      },
      acl: 'calbee:admin, calbee:<product>, owners and admins of the organisation',
    },
  ];
}
