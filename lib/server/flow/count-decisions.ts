import { DECISIONS } from './decision-states';

export interface DecisionCounts {
  /** Decisions taken (a review still pending, or closed because the round ended without it, is none). */
  total: number;
  byState: Record<string, number>;
  byGroup: Record<string, Record<string, number>>;
}

/**
 * Counts the decisions among a record's reviews, per outcome and per group: only what someone
 * decided; reviews still waiting and those closed unanswered when another group ended the round
 * are not decisions.
 */
export function countDecisions(rows: readonly { group: string | null; state: string }[]): DecisionCounts {
  const byState: Record<string, number> = {};
  const byGroup: Record<string, Record<string, number>> = {};
  let total = 0;
  for (const row of rows) {
    if (!(DECISIONS as readonly string[]).includes(row.state)) continue;
    total++;
    byState[row.state] = (byState[row.state] ?? 0) + 1;
    const group = row.group ?? 'none';
    byGroup[group] ??= {};
    byGroup[group][row.state] = (byGroup[group][row.state] ?? 0) + 1;
  }
  return { total, byState, byGroup };
}
