import type { History } from '@/lib/client/flow';
import { ReviewRounds, WorkflowLog } from '@/components/flow/approval/ReviewHistory';

/** A flow subject's reviews, round by round, then its workflow log, under the panel's own headings. */
export function HistorySections({
  history,
  reviewsTitle,
  logTitle,
  reviewsTestId,
  reviewsClass,
}: {
  history: Pick<History, 'reviews' | 'log'>;
  reviewsTitle: string;
  logTitle: string;
  reviewsTestId: string;
  reviewsClass?: string;
}) {
  return (
    <>
      <section className={reviewsClass} data-testid={reviewsTestId}>
        <h3 className="h6">{reviewsTitle}</h3>
        <ReviewRounds reviews={history.reviews} />
      </section>
      <section className="mt-4">
        <h3 className="h6">{logTitle}</h3>
        <WorkflowLog log={history.log} />
      </section>
    </>
  );
}
