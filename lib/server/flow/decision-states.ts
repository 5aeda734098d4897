/** The outcomes a reviewer can decide (a Review is otherwise pending, or closed unanswered). */
export const DECISIONS = ['approved', 'approved_with_conditions', 'rejected', 'changes_requested'] as const;
