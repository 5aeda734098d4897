import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { EntityName } from '../entities/definitions';
import { offeredStepSql } from '../flow/offered-step-sql';
import type { NamedKind } from '../naming/kinds';
import type { HomeContext } from './context';
import { listedJson, nameListed, type Listed, type ListedItem } from './listed';
import { HOME_ITEMS, type HomePart, type HomeSectionId } from './types';

/** A section of the records on which the flow offers the reader one of a few steps. */
export interface StepSection {
  id: HomeSectionId;
  entity: EntityName;
  table: PgTable & { state: PgColumn; licensee: PgColumn; dateUpdated: PgColumn };
  kind: NamedKind;
  /** The states to look in and the steps to offer. */
  states: readonly string[];
  actions: readonly string[];
  /** Where the reader acts on one record, and on them all. */
  itemHref: (item: ListedItem) => string;
  href: string;
}

/**
 * The records waiting for one of `actions` from the reader, oldest change first: a licensee
 * organisation's owners, admins and staff see their organisation's records, the holder's staff
 * every record. Holder staff the flow offers none of the steps (brand, legal) have no section;
 * a licensee's staff always have one, if only to see that nothing waits.
 */
export function stepSectionPart(ctx: HomeContext, section: StepSection): HomePart<Listed> | null {
  const { viewer } = ctx;
  if (!viewer.holder && viewer.licenseeStaff.length === 0) return null;
  const offered = offeredStepSql(viewer, ctx.holder, section.entity, section.states, section.actions);
  if (!offered && viewer.holder) return null;
  // Only the states in which the flow may offer the person a step: for a licensee, the one awaiting its signature.
  const scope = [inArray(section.table.state, offered?.states ?? [])];
  if (!viewer.holder) scope.push(inArray(section.table.licensee, viewer.licenseeStaff));
  return {
    id: section.id,
    json: listedJson({
      table: section.table,
      where: offered ? and(...scope, isNotNull(offered.step)) : sql`false`,
      orderBy: [{ column: section.table.dateUpdated }],
      limit: HOME_ITEMS,
      kind: section.kind,
      step: offered?.step,
    }),
    finish: (listed) => {
      if (viewer.holder && listed.count === 0) return null;
      const names = nameListed(listed, section.kind, viewer.lang);
      return {
        id: section.id,
        count: listed.count,
        items: listed.items.map((item, i) => ({
          label: names[i]!.label,
          href: section.itemHref(item),
          kind: section.kind,
          state: `step_${item.step}`,
        })),
        href: section.href,
      };
    },
  };
}
