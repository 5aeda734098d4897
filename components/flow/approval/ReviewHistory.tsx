import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'next-i18next/pages';
import type { History, HistoryReview } from '@/lib/client/flow';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import type { Lang } from '@/lib/session/redirect';
import { numberMarkups, type NumberedMarkup } from './markups';

const STATE_VARIANT: Record<string, string> = {
  approved: 'success',
  approved_with_conditions: 'info',
  rejected: 'danger',
  changes_requested: 'warning',
  pending: 'secondary',
  closed: 'light',
};

export function stateVariant(state: string): string {
  return STATE_VARIANT[state] ?? 'secondary';
}

/** A reviewer as people say it: family name first in Japanese, given name first in English. */
export function reviewerNameOf(review: HistoryReview, lang: Lang): string {
  const parts = lang === 'jp' ? [review.reviewerLast, review.reviewerFirst] : [review.reviewerFirst, review.reviewerLast];
  return parts.filter(Boolean).join(' ') || review.reviewerName || '';
}

function ReviewItem({ review, pins }: { review: HistoryReview; pins: NumberedMarkup[] }) {
  const { t } = useTranslation('approval');
  const { t: tf } = useTranslation('flow');
  const { lang } = useShell();
  const decided = review.state !== 'pending' && review.state !== 'closed';
  const name = reviewerNameOf(review, lang);
  return (
    <li className="list-group-item" data-testid="review-item" data-group={review.group ?? ''} data-state={review.state}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <strong>{review.group ? tf(`group.${review.group}`) : t('history.noGroup')}</strong>
        <Badge bg={stateVariant(review.state)} text={review.state === 'closed' ? 'dark' : undefined} data-testid="review-state">
          {tf(`state.${review.state}`)}
        </Badge>
        {decided && name && <span className="text-muted small">{t('history.by', { name })}</span>}
        <span className="text-muted small ms-auto">{formatDateTime(decided ? review.dateUpdated : review.dateCreated)}</span>
      </div>
      {review.comment && (
        <p className="mb-1 mt-2" style={{ whiteSpace: 'pre-wrap' }} data-testid="review-comment">
          {review.comment}
        </p>
      )}
      {pins.length > 0 && (
        <ol className="list-unstyled small mb-0 mt-2" data-testid="review-markups">
          {pins.map(({ n, markup }) => (
            <li key={n} className="d-flex gap-2 align-items-baseline" data-testid="review-markup">
              <Badge bg="primary" pill>
                {n}
              </Badge>
              <span style={{ whiteSpace: 'pre-wrap' }}>{markup.note || t('markup.noNote')}</span>
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

/**
 * Every review of every round, oldest round first, each with its group, decision, reviewer,
 * time, comment and pins. A flow with two review steps numbers the rounds of each step.
 */
export function ReviewRounds({ reviews }: { reviews: HistoryReview[] }) {
  const { t } = useTranslation('approval');
  const { t: tf } = useTranslation('flow');
  const numbered = numberMarkups(reviews);
  const rounds: { id: string; step: string | null; revision: number; reviews: HistoryReview[] }[] = [];
  for (const review of reviews) {
    const id = `${review.step ?? ''}:${review.revision}`;
    const round = rounds.find((r) => r.id === id);
    if (round) round.reviews.push(review);
    else rounds.push({ id, step: review.step, revision: review.revision, reviews: [review] });
  }
  const steps = new Set(rounds.map((r) => r.step));
  if (reviews.length === 0) return <p className="text-muted mb-0">{t('history.noReviews')}</p>;
  return (
    <div className="d-flex flex-column gap-3" data-testid="review-rounds">
      {rounds.map((round) => (
        <section key={round.id} data-testid="review-round" data-round={round.revision}>
          <h4 className="h6 mb-2">
            {steps.size > 1 && round.step
              ? t('history.roundOfStep', { round: round.revision, step: tf(`state.${round.step}`) })
              : t('history.round', { round: round.revision })}
          </h4>
          <ul className="list-group">
            {round.reviews.map((review) => (
              <ReviewItem key={review.key} review={review} pins={numbered.filter((m) => m.review.key === review.key)} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

type LogEntry = History['log'][number];

/** The workflow log: every move of the record, newest first. */
export function WorkflowLog({ log }: { log: History['log'] }) {
  const { t } = useTranslation('approval');
  const { lang } = useShell();
  const columns = [
    column<LogEntry>('time', t('log.time'), (entry) => entry.time, { kind: 'datetime', hideable: false }),
    column<LogEntry>('who', t('log.who'), (entry) => entry.readable.actor, { testId: 'workflow-log-actor', hideable: false }),
    column<LogEntry>('action', t('log.action.title'), (entry) => entry.readable.action, { hideable: false }),
    column<LogEntry>('step', t('log.step'), (entry) => entry.readable.change, { hideable: false }),
    column<LogEntry>('remarks', t('log.remarks'), (entry) => entry.remarks ?? '', {
      hideable: false,
      render: (entry) => <span style={{ whiteSpace: 'pre-wrap' }}>{entry.remarks ?? ''}</span>,
    }),
  ];
  return (
    <DataTable
      columns={columns}
      rows={log}
      lang={lang}
      caption={t('log.title')}
      getRowId={(entry) => String(entry.id)}
      empty={{ message: t('log.noLog') }}
      testId="workflow-log"
    />
  );
}
