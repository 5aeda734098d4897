import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'next-i18next/pages';
import type { HistoryReview } from '@/lib/client/flow';
import { useShell } from '@/lib/client/settings-context';

/** The requests for changes of the last round that asked for them, each group's own. */
export function latestRequests(reviews: readonly HistoryReview[]): HistoryReview[] {
  const asked = reviews.filter((r) => r.state === 'changes_requested');
  const round = Math.max(0, ...asked.map((r) => r.revision));
  return asked.filter((r) => r.revision === round);
}

function reviewerName(review: HistoryReview, lang: 'jp' | 'en'): string {
  const parts = lang === 'jp' ? [review.reviewerLast, review.reviewerFirst] : [review.reviewerFirst, review.reviewerLast];
  return parts.filter(Boolean).join(' ') || review.reviewerName || '';
}

/**
 * What the reviewers asked the applicant to change, on the applicant's own record: who asked
 * (group and person), their comment, and how many pins they left on the images. The license
 * dialog and the designer's secondary IP use it alike.
 */
export function ChangeRequests({
  reviews,
  title,
  intro,
  testId,
}: {
  reviews: readonly HistoryReview[];
  title: string;
  intro: string;
  /** Prefix of the test ids: `${testId}-changes`, `${testId}-change-request`, `${testId}-change-comment`. */
  testId: string;
}) {
  const { t } = useTranslation('approval');
  const { t: tf } = useTranslation('flow');
  const { lang } = useShell();
  const requests = latestRequests(reviews);
  if (requests.length === 0) return null;
  return (
    <Alert variant="warning" className="py-2" data-testid={`${testId}-changes`}>
      <Alert.Heading as="h2" className="h6">
        {title}
      </Alert.Heading>
      <p className="small mb-2">{intro}</p>
      {requests.map((review) => (
        <div key={review.key} className="small mb-1" data-testid={`${testId}-change-request`}>
          <strong>{t('changes.by', { group: tf(`group.${review.group ?? 'holder'}`), name: reviewerName(review, lang) })}</strong>
          {review.comment && (
            <span className="d-block" style={{ whiteSpace: 'pre-wrap' }} data-testid={`${testId}-change-comment`}>
              {review.comment}
            </span>
          )}
          {review.markups.length > 0 && (
            <span className="d-block text-muted">{t('changes.pins', { count: review.markups.length })}</span>
          )}
        </div>
      ))}
    </Alert>
  );
}
