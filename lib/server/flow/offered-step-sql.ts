import { eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { designers } from '../db/entities-schema';
import { entities, type EntityName } from '../entities/definitions';
import type { Viewer } from '../entities/viewer';
import { groupsOf, type HolderContext } from './facts';
import { offeredActions } from './offered-actions';
import { flowFor } from './overrides';
import { bindingForSubject, subjectsOfEntity, type SubjectBinding } from './subjects';
import type { ActorFacts } from './types';

/** The facts about a person that differ from record to record; the others are the person's own. */
type RecordFact = 'isOwner' | 'isDesignerOfSubject' | 'isLicenseeOfSubject';

/** What the steps depend on of the person: who they are, not which designer records they own (a subquery asks). */
type StepViewer = Pick<Viewer, 'sub' | 'admin' | 'product' | 'holder' | 'licenseeStaff'>;

export interface OfferedStep {
  /** The action's name on each record, null where none is offered. */
  step: SQL;
  /** The states in which some record may offer a step: where to look at all (an index's condition). */
  states: string[];
}

/**
 * The step of `actions` the flow engine offers this person on a record of `entity` in one of
 * `states`, as an SQL expression over the entity's table (read under its own name): the action's
 * name, or null where none is offered.
 *
 * The engine is asked here, once for every state and every combination of who the person may be
 * to a record (its owner, its organisation's staff, its designer's owner), before anything is
 * read; the answers become a CASE the database evaluates on each row. So a statement counts and
 * picks the records that wait for the person without reading them into JS, and the steps are
 * exactly those the record's page offers (offeredActions), never a copy of the flow's rules.
 * Null when no state offers the person any of the actions.
 */
export function offeredStepSql(
  viewer: StepViewer,
  holder: HolderContext,
  entity: EntityName,
  states: readonly string[],
  actions: readonly string[],
): OfferedStep | null {
  const columns = getTableColumns(entities[entity].table as PgTable) as Record<string, PgColumn>;
  const bySubject = subjectsOfEntity(entity).map((subject) => ({
    subject,
    step: stepOfBinding(viewer, holder, bindingForSubject(subject), columns, states, actions),
  }));
  const offered = bySubject.filter((b) => b.step !== null);
  if (offered.length === 0) return null;
  const inStates = [...new Set(offered.flatMap((b) => b.step!.states))];
  const orNull = (step: { sql: SQL } | null) => step?.sql ?? sql`null::text`;
  if (entity === 'IP') {
    // bindingForRecord: an IP of kind `primary` follows the primary flow, any other the secondary one.
    const primary = bySubject.find((b) => b.subject === 'primary_ip')!.step;
    const secondary = bySubject.find((b) => b.subject === 'ip')!.step;
    return {
      step: sql`(case when ${columns.kind} = 'primary' then ${orNull(primary)} else ${orNull(secondary)} end)`,
      states: inStates,
    };
  }
  return { step: offered[0]!.step!.sql, states: inStates };
}

function stepOfBinding(
  viewer: StepViewer,
  holder: HolderContext,
  binding: SubjectBinding,
  columns: Record<string, PgColumn>,
  states: readonly string[],
  actions: readonly string[],
): { sql: SQL; states: string[] } | null {
  const flow = flowFor(binding.subject, holder.config);
  const column = (field: string | null) => (field ? columns[field] : undefined);
  const owner = column(binding.columns.owner);
  const licensee = column(binding.columns.licensee);
  const designer = column(binding.columns.designer);
  // A fact no record can make true is false for every record: it is not asked about.
  const factSql: Partial<Record<RecordFact, SQL>> = {};
  if (owner) factSql.isOwner = eq(owner, viewer.sub);
  if (licensee && viewer.licenseeStaff.length) factSql.isLicenseeOfSubject = inArray(licensee, viewer.licenseeStaff);
  if (designer)
    factSql.isDesignerOfSubject = sql`exists (select 1 from ${designers} as ${sql.identifier('__step_designer')}
      where ${sql.identifier('__step_designer')}.${sql.identifier('key')} = ${designer}
        and ${sql.identifier('__step_designer')}.${sql.identifier('owner')} = ${viewer.sub})`;
  const facts = Object.keys(factSql) as RecordFact[];
  const base: ActorFacts = {
    sub: viewer.sub,
    isOwner: false,
    isAdmin: viewer.admin,
    isProduct: viewer.product,
    isHolder: viewer.holder,
    groups: groupsOf(holder, viewer.sub),
    isDesignerOfSubject: false,
    isLicenseeOfSubject: false,
  };
  const branches: SQL[] = [];
  const offeredIn: string[] = [];
  for (const state of states) {
    const decide = (known: Partial<Record<RecordFact, boolean>>) =>
      offeredActions(flow, state, { ...base, ...known }).find((o) => actions.includes(o.action))?.action ?? null;
    const step = decisionTree(facts, {}, decide, factSql);
    if (step) {
      branches.push(sql`when ${state} then ${step}`);
      offeredIn.push(state);
    }
  }
  if (branches.length === 0) return null;
  return { sql: sql`(case ${columns.state} ${sql.join(branches, sql` `)} else null end)`, states: offeredIn };
}

/**
 * The engine's answers over the undecided facts as nested CASEs, asking the database only about
 * facts the answer depends on: null when no combination offers a step.
 */
function decisionTree(
  facts: readonly RecordFact[],
  known: Partial<Record<RecordFact, boolean>>,
  decide: (known: Partial<Record<RecordFact, boolean>>) => string | null,
  factSql: Partial<Record<RecordFact, SQL>>,
): SQL | null {
  const answers = new Set(completions(facts, known).map(decide));
  if (answers.size === 1) {
    const [only] = [...answers];
    return only === null || only === undefined ? null : sql`${only}::text`;
  }
  // Split on a fact the answer depends on; the others are asked about further down, if at all.
  const fact =
    facts.find((f) =>
      completions(
        facts.filter((x) => x !== f),
        known,
      ).some((k) => decide({ ...k, [f]: true }) !== decide({ ...k, [f]: false })),
    ) ?? facts[0];
  const rest = facts.filter((f) => f !== fact);
  const yes = decisionTree(rest, { ...known, [fact!]: true }, decide, factSql) ?? sql`null::text`;
  const no = decisionTree(rest, { ...known, [fact!]: false }, decide, factSql) ?? sql`null::text`;
  // A condition that is null (a record without that field) takes the else branch, as the engine takes it to be false.
  return sql`(case when ${factSql[fact!]!} then ${yes} else ${no} end)`;
}

/** Every assignment of the facts that extends `known`. */
function completions(
  facts: readonly RecordFact[],
  known: Partial<Record<RecordFact, boolean>>,
): Partial<Record<RecordFact, boolean>>[] {
  let all = [known];
  for (const fact of facts) {
    if (fact in known) continue;
    all = all.flatMap((k) => [
      { ...k, [fact]: true },
      { ...k, [fact]: false },
    ]);
  }
  return all;
}
