import type { HistoryReview } from '@/lib/client/flow';

/** The most recent decision of the reviewers (not a pending or closed review), preferring one with a comment. */
export function lastDecision(reviews: readonly HistoryReview[] | undefined): HistoryReview | null {
  const decided = (reviews ?? [])
    .filter((r) => r.state !== 'pending' && r.state !== 'closed')
    .sort((a, b) => b.revision - a.revision || Date.parse(b.dateUpdated) - Date.parse(a.dateUpdated));
  if (decided.length === 0) return null;
  const latestRound = decided[0]!.revision;
  return decided.find((r) => r.revision === latestRound && r.comment) ?? decided[0]!;
}
