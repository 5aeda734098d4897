import approvalEn from '../../../locales/en/approval.json';
import approvalJp from '../../../locales/jp/approval.json';
import auditEn from '../../../locales/en/audit.json';
import auditJp from '../../../locales/jp/audit.json';
import flowEn from '../../../locales/en/flow.json';
import flowJp from '../../../locales/jp/flow.json';
import { DECISIONS } from '../flow/decide-review';
import { defaultFlows } from '../flow/definitions';
import { getTableColumns, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../common/tx';
import { entities } from '../entities/definitions';
import { bindingForSubject } from '../flow/subjects';
import type { Subject } from '../flow/types';
import { personName, type Lang } from '../naming/format';
import { KIND_OF_SUBJECT, nameRows } from '../naming/load-names';
import { peopleOf } from '../users/people';
import type { RecordName } from '../naming/name-record';

/**
 * The workflow log (LogWorkflow) in words: who acted, what they did and how the record's state
 * moved, naming the record by its reference. The actions are those of the flow definitions, the
 * reviewers' decisions, a record's creation and a skipped review stage.
 */

const text = {
  jp: { approval: approvalJp.log.action, flow: flowJp, audit: auditJp.workflow },
  en: { approval: approvalEn.log.action, flow: flowEn, audit: auditEn.workflow },
};

/** Every action the platform writes to the workflow log. */
export function workflowActions(): string[] {
  const transitions = Object.values(defaultFlows).flatMap((flow) => flow.transitions.map((t) => t.action));
  return [...new Set(['create', 'skip_review', ...transitions, ...DECISIONS])];
}

export interface WorkflowEntryInput {
  action: string;
  path: string | null;
  remarks: string | null;
  data: Record<string, unknown>;
}

export interface ReadableWorkflowEntry {
  /** Who acted, by name ("the system" for scheduled moves). */
  actor: string;
  /** What they did (承認, Contract sent). */
  action: string;
  /** How the state moved (申請済み → 審査中), or where a decision left it. */
  change: string;
  /** The whole as one line, with the record's name: 山田 花子: LIC-2026-0042 … を承認（審査中 → 承認済み）. */
  summary: string;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
}

export function describeWorkflowEntry(
  entry: WorkflowEntryInput,
  actor: string | null,
  record: RecordName | null,
  lang: Lang,
): ReadableWorkflowEntry {
  const t = text[lang];
  const state = (value: string) => (t.flow.state as Record<string, string>)[value] ?? value;
  const decision = (t.audit.decision as Record<string, string>)[entry.action];
  const base =
    decision ??
    (entry.action === 'skip_review'
      ? t.audit.skip_review
      : ((t.approval as Record<string, string>)[entry.action] ?? entry.action));
  const group = typeof entry.data.group === 'string' ? (t.flow.group as Record<string, string>)[entry.data.group] : undefined;
  const round = typeof entry.data.round === 'number' ? fill(t.audit.round, { round: String(entry.data.round) }) : '';
  const action = [base, group ? fill(t.audit.asGroup, { group }) : '', round].filter(Boolean).join(lang === 'jp' ? '・' : ', ');
  const [from = '', to = ''] = (entry.path ?? '').split('>');
  const change = !to
    ? ''
    : from
      ? fill(t.audit.change, { from: state(from), to: state(to) })
      : fill(t.audit.created, { to: state(to) });
  const who = actor ?? t.audit.system;
  return {
    actor: who,
    action,
    change,
    summary: fill(t.audit.summary, { actor: who, record: record?.label ?? '', action, change }),
  };
}

type LogRow = WorkflowEntryInput & { key: string | null; ref: string | null; sub: string | null };

/**
 * A page of workflow log rows in words: actors by name, records by their name for the reader
 * (rows whose record is gone, or that were posted for another kind, read without one).
 */
export async function describeWorkflowRows<T extends LogRow>(
  db: DbOrTx,
  rows: T[],
  lang: Lang,
): Promise<(T & { actor: string | null; readable: ReadableWorkflowEntry })[]> {
  const people = new Map(
    (await peopleOf(db, [...new Set(rows.map((r) => r.sub).filter((s): s is string => Boolean(s) && s !== 'system'))])).map(
      (p) => [p.sub, p],
    ),
  );
  const records = new Map<string, RecordName>();
  const bySubject = new Map<Subject, string[]>();
  for (const row of rows) {
    if (!row.key || !row.ref || !(row.ref in KIND_OF_SUBJECT)) continue;
    const subject = row.ref as Subject;
    bySubject.set(subject, [...(bySubject.get(subject) ?? []), row.key]);
  }
  for (const [subject, keys] of bySubject) {
    const def = entities[bindingForSubject(subject).entity];
    const found = (await db
      .select()
      .from(def.table as PgTable)
      .where(inArray(getTableColumns(def.table).key!, [...new Set(keys)]))) as Record<string, unknown>[];
    const names = await nameRows(db, KIND_OF_SUBJECT[subject], found, lang);
    found.forEach((row, i) => records.set(`${subject}:${String(row.key)}`, names[i]!));
  }
  return rows.map((row) => {
    const person = row.sub ? people.get(row.sub) : undefined;
    const actor = person ? personName(person, lang) : null;
    const record = records.get(`${row.ref}:${row.key}`) ?? null;
    return { ...row, actor, readable: describeWorkflowEntry(row, actor, record, lang) };
  });
}
