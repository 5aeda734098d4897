import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import { useHistory, type ApprovalKind, type QueueItem } from '@/lib/client/flow';
import { DecisionPanel, type DecisionOutcome, type DraftMarkup } from './DecisionPanel';
import { MarkupImage } from './MarkupImage';
import { numberMarkups } from './markups';
import { ReviewRounds, WorkflowLog } from './ReviewHistory';
import { SubjectFields } from './SubjectFields';
import { ENTITY_OF, imagesOf, text, type Row } from './subject';
import { VersionCompare } from './VersionCompare';
import { useRecordCrumb } from '@/components/kit/shell/record-crumb';

/**
 * One queue item in full: the subject's fields and images (pins of past reviews on them, a
 * click adds a new one), versions to compare, the decision panel, and the whole history.
 */
export function ApprovalDetail({
  kind,
  item,
  onOutcome,
}: {
  kind: ApprovalKind;
  item: QueueItem<Row>;
  onOutcome(outcome: DecisionOutcome, name: string): void;
}) {
  const { t } = useTranslation('approval');
  const { t: tf } = useTranslation('flow');
  const key = text(item.subject.key);
  const { data: history, isLoading } = useHistory<Row>(ENTITY_OF[kind], key);
  const [pins, setPins] = useState<Omit<DraftMarkup, 'n'>[]>([]);
  const subject = history?.subject ?? item.subject;
  const past = numberMarkups(history?.reviews ?? []);
  const drafts: DraftMarkup[] = pins.map((pin, i) => ({ ...pin, n: past.length + i + 1 }));
  const images = imagesOf(subject);
  const name = item.name.label;
  useRecordCrumb(name);

  return (
    <Card data-testid="approval-detail" data-key={key}>
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 className="h5 mb-0 me-auto" data-testid="detail-name">
          {name}
        </h2>
        <Badge bg="secondary">{t('queue.waitingFor', { group: tf(`group.${item.review.group}`) })}</Badge>
        <Badge bg="light" text="dark">
          {t('queue.step', { step: tf(`state.${item.review.step}`), round: item.review.revision })}
        </Badge>
        {item.overdue && <Badge bg="danger">{t('queue.overdue')}</Badge>}
      </Card.Header>
      <Card.Body>
        <SubjectFields kind={kind} subject={subject} />
        {images.length > 0 && (
          <section className="mt-3" data-testid="subject-images">
            <h3 className="h6">{t('field.images')}</h3>
            {images.map((image, index) => (
              <MarkupImage
                key={`${image.hash}-${index}`}
                image={image}
                index={index}
                past={past.filter((m) => m.markup.image === image.hash)}
                draft={{
                  pins: drafts.map((d, i) => ({ n: d.n, index: i, markup: d })).filter((d) => d.markup.image === image.hash),
                  onAdd: (x, y) => setPins((current) => [...current, { image: image.hash, x, y, note: '' }]),
                }}
              />
            ))}
          </section>
        )}
        {history && <VersionCompare key={`${key}-${history.versions.length}`} kind={kind} versions={history.versions} />}
        <DecisionPanel
          key={key}
          kind={kind}
          subjectKey={key}
          pins={drafts}
          onPinRemove={(index) => setPins((current) => current.filter((_, i) => i !== index))}
          onOutcome={(outcome) => onOutcome(outcome, name)}
        />
        <section className="mt-4" data-testid="review-history">
          <h3 className="h6">{t('history.title')}</h3>
          {isLoading && <Spinner animation="border" size="sm" role="status" />}
          {history && <ReviewRounds reviews={history.reviews} />}
        </section>
        <section className="mt-4">
          <h3 className="h6">{t('log.title')}</h3>
          {history && <WorkflowLog log={history.log} />}
        </section>
      </Card.Body>
    </Card>
  );
}
