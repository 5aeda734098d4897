import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { RecordFallback } from '@/components/kit/shell/RecordFallback';
import { HistorySections } from '../../permit/HistorySections';
import { useRecord } from '@/lib/client/entities';
import { takeStep, useHistory, useRecordActions } from '@/lib/client/flow';
import { MarkupImage } from '@/components/flow/approval/MarkupImage';
import { numberMarkups } from '@/components/flow/approval/markups';
import { stateVariant } from '@/components/flow/approval/ReviewHistory';
import { ChangeRequests } from '@/components/flow/approval/ChangeRequests';
import { imagesOf, text, type Row } from '@/components/flow/approval/subject';
import { IpForm } from './IpForm';
import type { PermittedIp } from './usePermits';
import { Reference } from '@/components/refs/RecordSearch';
import { useRecordCrumb } from '@/components/kit/shell/record-crumb';

type Step = 'submit' | 'resubmit' | 'revise';

/**
 * One of the designer's secondary IPs: its fields and images with the reviewers' pins, every
 * review with its comment, and the steps open to its owner (edit and submit a draft; after
 * changes were requested, revise it as a draft or resubmit it as it is).
 */
export function MyIpDetail({
  ipKey,
  designerKey,
  permitted,
  onChanged,
  onClose,
}: {
  ipKey: string;
  designerKey: string;
  permitted: PermittedIp[];
  onChanged(): void;
  onClose(): void;
}) {
  const { t } = useTranslation('designer-ip');
  const { t: tf } = useTranslation('flow');
  const { data: session } = useSession();
  const { data: history, isLoading, mutate } = useHistory<Row>('IP', ipKey);
  const ip = history?.subject;
  const { data: offer } = useRecordActions('IP', ipKey, ip ? text(ip.state) : undefined);
  // Only the steps the flow engine offers this person on the record as it is now.
  const offers = (action: Step) =>
    Boolean(offer && ip && offer.state === text(ip.state) && offer.actions.some((a) => a.action === action));
  const { data: parent } = useRecord<Row>('IP', ip?.parent ? text(ip.parent) : null);
  const [editing, setEditing] = useState(false);
  const [pending, setPending] = useState<Step | null>(null);
  const [message, setMessage] = useState<{ variant: 'success' | 'danger'; text: string } | null>(null);
  useRecordCrumb(ip ? [text(ip.reference), text(ip.name)].filter(Boolean).join(' ') : null);

  if (!history || !ip)
    return (
      <RecordFallback
        loading={isLoading && !history}
        message={t('detail.missing')}
        onClose={onClose}
        testId="ip-detail-missing"
      />
    );

  const state = text(ip.state);
  const reviewed = history.reviews.length > 0;
  const pins = numberMarkups(history.reviews);
  const waitingFor = history.reviews.filter((r) => r.state === 'pending' && r.group).map((r) => tf(`group.${r.group}`));

  const step = async (action: Step) => {
    setPending(action);
    setMessage(null);
    const answer = await takeStep<Row>('IP', ipKey, action, undefined, session?.accessToken);
    setPending(null);
    if (answer.status === 0) {
      setMessage({ variant: 'success', text: t(`step.done.${action}`) });
      if (action === 'revise') setEditing(true);
    } else {
      setMessage({ variant: 'danger', text: answer.message ?? Object.values(answer.errors)[0] ?? t('step.failed') });
    }
    await mutate();
    onChanged();
  };

  return (
    <Card className="mb-4" data-testid="ip-detail" data-key={ipKey} data-state={state}>
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 className="h5 mb-0 me-auto" data-testid="ip-detail-name">
          <Reference value={ip.reference} /> {text(ip.name)}
        </h2>
        <Badge bg={stateVariant(state === 'submitted' ? 'pending' : state)} data-testid="ip-detail-state">
          {tf(`state.${state}`)}
        </Badge>
        <Button size="sm" variant="outline-secondary" onClick={onClose} data-testid="ip-detail-close">
          {t('detail.close')}
        </Button>
      </Card.Header>
      <Card.Body>
        {message && (
          <Alert
            variant={message.variant}
            dismissible
            onClose={() => setMessage(null)}
            data-testid={`ip-step-${message.variant}`}
          >
            {message.text}
          </Alert>
        )}
        {state === 'changes_requested' && (
          <ChangeRequests
            reviews={history.reviews}
            title={t('detail.changesTitle')}
            intro={t('detail.changesIntro')}
            testId="ip"
          />
        )}
        {editing && state === 'draft' ? (
          <IpForm
            designerKey={designerKey}
            permitted={permitted}
            record={ip}
            onSaved={() => {
              setEditing(false);
              setMessage({ variant: 'success', text: t('detail.saved') });
              void mutate();
              onChanged();
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <>
            <dl className="row mb-2">
              <dt className="col-sm-3 text-muted fw-normal">{t('form.parent')}</dt>
              <dd className="col-sm-9">{text(parent?.name)}</dd>
              <dt className="col-sm-3 text-muted fw-normal">{t('form.description')}</dt>
              <dd className="col-sm-9" style={{ whiteSpace: 'pre-wrap' }} data-testid="ip-detail-description">
                {text(ip.description)}
              </dd>
            </dl>
            {imagesOf(ip).map((image, index) => (
              <MarkupImage
                key={`${image.hash}-${index}`}
                image={image}
                index={index}
                width={750}
                past={pins.filter((p) => p.markup.image === image.hash)}
              />
            ))}
          </>
        )}
        <div className="d-flex flex-wrap gap-2 my-3" data-testid="ip-actions">
          {state === 'draft' && !editing && offers('submit') && (
            <>
              <Button variant="outline-primary" onClick={() => setEditing(true)} data-testid="ip-edit">
                {t('detail.edit')}
              </Button>
              <Button disabled={pending !== null} onClick={() => void step('submit')} data-testid="ip-submit">
                {pending === 'submit' ? t('saving') : reviewed ? t('detail.submitAgain') : t('detail.submit')}
              </Button>
            </>
          )}
          {state === 'changes_requested' && (
            <>
              {offers('revise') && (
                <Button
                  variant="outline-primary"
                  disabled={pending !== null}
                  onClick={() => void step('revise')}
                  data-testid="ip-revise"
                >
                  {pending === 'revise' ? t('saving') : t('detail.revise')}
                </Button>
              )}
              {offers('resubmit') && (
                <Button disabled={pending !== null} onClick={() => void step('resubmit')} data-testid="ip-resubmit">
                  {pending === 'resubmit' ? t('saving') : t('detail.resubmit')}
                </Button>
              )}
            </>
          )}
          {state === 'submitted' && (
            <span className="text-muted" data-testid="ip-waiting">
              {t('detail.waiting', { groups: waitingFor.join(t('detail.groupSeparator')) })}
            </span>
          )}
          {state === 'changes_requested' && <span className="small text-muted align-self-center">{t('detail.reviseHint')}</span>}
        </div>
        <HistorySections
          history={history}
          reviewsTitle={t('detail.reviews')}
          logTitle={t('detail.log')}
          reviewsTestId="ip-reviews"
        />
      </Card.Body>
    </Card>
  );
}
