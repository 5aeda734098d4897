import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ips, licenses, products, usages } from '../db/entities-schema';
import type { Subject } from '../flow/types';
import type { NamedKind } from '../naming/kinds';
import { recordLink } from '../notify/record-link';
import { madeByReader, ownsDesigner, type HomeContext } from './context';
import { listedJson, nameListed, type Listed } from './listed';
import { HOME_ITEMS, type HomeItem, type HomePart } from './types';

interface SentBack {
  kind: NamedKind & Subject;
  table: PgTable & { state: PgColumn; dateUpdated: PgColumn; key: PgColumn };
  mine: SQL;
}

/**
 * Usage permits and secondary IPs (designers), license applications and products (licensee
 * organisations) sent back with changes requested, each linking to the record's own panel.
 */
export function changesPart(ctx: HomeContext): HomePart<Record<string, Listed>> | null {
  const { viewer } = ctx;
  const licensee = viewer.licensees.length > 0;
  // A designer by role, or as the owner of a designer record (which only the statement knows).
  const designer = viewer.designerRole || ctx.designers !== null;
  if (!designer && !licensee) return null;
  const designerWork = viewer.designerRole ? sql`true` : ownsDesigner(ctx);
  const lists: SentBack[] = [];
  if (designer) {
    lists.push({ kind: 'ip', table: ips, mine: and(designerWork, madeByReader(ctx, ips.owner, ips.designer))! });
    // Permit applications the brand sent back: only their applicant answers them.
    lists.push({ kind: 'usage', table: usages, mine: and(designerWork, eq(usages.applicant, viewer.sub))! });
  }
  // License applications sent back: the applicant's organisation corrects and resubmits them.
  if (viewer.licenseeStaff.length > 0)
    lists.push({ kind: 'license', table: licenses, mine: inArray(licenses.licensee, viewer.licenseeStaff) });
  if (licensee) lists.push({ kind: 'product', table: products, mine: inArray(products.licensee, viewer.licensees) });
  return {
    id: 'changes',
    json: sql`json_build_object(${sql.join(
      lists.map(
        (list) =>
          sql`${list.kind}::text, ${listedJson({
            table: list.table,
            where: and(eq(list.table.state, 'changes_requested'), list.mine),
            orderBy: [{ column: list.table.dateUpdated }],
            limit: HOME_ITEMS,
            kind: list.kind,
          })}`,
      ),
      sql`, `,
    )})`,
    // Someone with neither a licensee organisation nor the designer role has changes only as a designer record's owner.
    present: licensee || viewer.designerRole ? undefined : ownsDesigner(ctx),
    finish: (answer) => {
      let total = 0;
      const items: HomeItem[] = [];
      for (const list of lists) {
        const listed = answer[list.kind]!;
        total += listed.count;
        const names = nameListed(listed, list.kind, viewer.lang);
        items.push(
          ...listed.items.map((item, i) => ({
            label: names[i]!.label,
            href: recordLink(list.kind, item.row, 'applicant'),
            kind: list.kind,
            state: 'changes_requested',
          })),
        );
      }
      return { id: 'changes', count: total, items: items.slice(0, HOME_ITEMS) };
    },
  };
}
