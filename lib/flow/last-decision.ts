/** What the choice of a record's last decision reads of each review round. */
export interface DecidedRound {
  state: string;
  revision: number;
  comment: string | null;
  dateUpdated: string | Date;
}

/**
 * The most recent decision of the reviewers (not a pending or closed review), preferring one with
 * a comment. One rule for the browser (a record's history) and the server (a list's last decisions).
 */
export function lastDecision<R extends DecidedRound>(reviews: readonly R[] | undefined): R | null {
  const time = (r: R) => new Date(r.dateUpdated).getTime();
  const decided = (reviews ?? [])
    .filter((r) => r.state !== 'pending' && r.state !== 'closed')
    .sort((a, b) => b.revision - a.revision || time(b) - time(a));
  if (decided.length === 0) return null;
  const latestRound = decided[0]!.revision;
  return decided.find((r) => r.revision === latestRound && r.comment) ?? decided[0]!;
}
