import { eq, sql } from 'drizzle-orm';
import { getConfig } from '../../config';
import { aclRequests } from '../db/schema';
import { designers, licensees } from '../db/entities-schema';
import { entryInWords } from '../naming/access-entry';
import { personName, type PersonNames } from '../naming/format';
import { personJson } from '../naming/lookups';
import type { HomeContext } from './context';
import { listedJson, type Listed } from './listed';
import { HOME_ITEMS, type HomePart } from './types';

/** The names of the organisations an access entry may name (its parts that are an organisation's key). */
function organisationsJson() {
  const parts = sql`string_to_array(${aclRequests.entry}, ':')`;
  return sql`(select coalesce(json_object_agg(o.key, o.name), '{}'::json) from (
      select ${licensees.key} as key, ${licensees.name} as name from ${licensees} where ${licensees.key} = any(${parts})
      union all
      -- An organisation of designers goes by its company, else its creator name (as the audit log names it).
      select ${designers.key}, coalesce(nullif(${designers.corporate_name}, ''), ${designers.creator_name})
        from ${designers} where ${designers.key} = any(${parts})) as o)`;
}

/**
 * Administrators: access requests waiting for a decision on sys/acl, oldest first, each as who
 * asks for which role ("山田 太郎 — カルビー商事 のスタッフ").
 */
export function accessRequestsPart(ctx: HomeContext): HomePart<Listed> | null {
  const { viewer } = ctx;
  if (!viewer.admin) return null;
  return {
    id: 'accessRequests',
    json: listedJson({
      table: aclRequests,
      where: eq(aclRequests.state, 'pending'),
      orderBy: [{ column: aclRequests.dateCreated }],
      limit: HOME_ITEMS,
      kind: null,
      extra: { person: personJson(aclRequests.sub), organisations: organisationsJson() },
    }),
    finish: (listed) => {
      const { aclClient: client, productKey: product } = getConfig();
      return {
        id: 'accessRequests',
        count: listed.count,
        items: listed.items.map((item) => {
          const organisations = item.organisations as Record<string, string>;
          const role = entryInWords(
            String(item.row.entry),
            { client, product, organisation: (key) => organisations[key] },
            viewer.lang,
          );
          return { label: `${personName(item.person as PersonNames, viewer.lang)} — ${role}`, href: '/sys/acl' };
        }),
        href: '/sys/acl',
      };
    },
  };
}
