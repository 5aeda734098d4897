import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { RecordFallback } from '@/components/kit/shell/RecordFallback';
import { HistorySections } from './HistorySections';
import { FlashNotice } from '@/components/kit/shell/FlashNotice';
import { useRecord } from '@/lib/client/entities';
import { useHistory, useRecordActions } from '@/lib/client/flow';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { ChangeRequests } from '@/components/flow/approval/ChangeRequests';
import { text, type Row } from '@/components/flow/approval/subject';
import { Reference } from '@/components/refs/RecordSearch';
import { useRecordCrumb } from '@/components/kit/shell/record-crumb';
import { FlowState } from '../flow/FlowState';
import { PermitResubmitForm } from './PermitResubmitForm';
import { UsageReason } from './UsageReason';

/**
 * One of the designer's usage permits on its own panel: what was asked for, where it stands,
 * what the brand asked to change (who, comment), every round and the whole log; after changes
 * were requested, the applicant corrects the purpose and sends it again from here.
 */
export function PermitDetail({ usageKey, onChanged, onClose }: { usageKey: string; onChanged(): void; onClose(): void }) {
  const { t } = useTranslation('designer');
  const { lang } = useShell();
  const { data: history, isLoading, mutate } = useHistory<Row>('Usage', usageKey);
  const usage = history?.subject;
  const state = usage ? text(usage.state) : '';
  const { data: offer, mutate: reloadActions } = useRecordActions('Usage', usageKey, state || undefined);
  const { data: ip } = useRecord<Row>('IP', usage?.ip ? text(usage.ip) : null);
  const [notice, setNotice] = useState<string | null>(null);
  useRecordCrumb(usage ? [text(usage.reference), text(ip?.name)].filter(Boolean).join(' ') : null);

  if (!history || !usage)
    return (
      <RecordFallback
        loading={isLoading && !history}
        message={t('permitDetail.missing')}
        onClose={onClose}
        testId="permit-detail-missing"
      />
    );

  // Only what the flow engine offers this person on the permit as it is now.
  const mayResubmit = Boolean(offer && offer.state === state && offer.actions.some((a) => a.action === 'resubmit'));

  return (
    <Card className="mb-4" data-testid="permit-detail" data-key={usageKey} data-state={state}>
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 className="h5 mb-0 me-auto" data-testid="permit-detail-name">
          <Reference value={usage.reference} /> {text(ip?.name)}
        </h2>
        <FlowState state={state} testId="permit-detail-state" />
        <Button size="sm" variant="outline-secondary" onClick={onClose} data-testid="permit-detail-close">
          {t('permitDetail.close')}
        </Button>
      </Card.Header>
      <Card.Body>
        <FlashNotice
          flash={notice ? { variant: 'success', text: notice } : null}
          onClose={() => setNotice(null)}
          testId="permit-detail-notice"
        />
        {state === 'changes_requested' && (
          <ChangeRequests
            reviews={history.reviews}
            title={t('permitDetail.changesTitle')}
            intro={t('permitDetail.changesIntro')}
            testId="permit"
          />
        )}
        <dl className="row mb-2">
          <dt className="col-sm-3 text-muted fw-normal">{t('usage.purpose')}</dt>
          <dd className="col-sm-9" style={{ whiteSpace: 'pre-wrap' }} data-testid="permit-detail-purpose">
            {text(usage.purpose)}
          </dd>
          <dt className="col-sm-3 text-muted fw-normal">{t('usage.date')}</dt>
          <dd className="col-sm-9">{formatDateTime(usage.dateCreated, '')}</dd>
        </dl>
        <p className="small mb-3" data-testid="permit-detail-explain">
          {t(`permit.explain.${state}`, { defaultValue: '' })}
          {state === 'approved' && (
            <>
              {' '}
              <Link href={`/${lang}/designer/iplist`} data-testid="permit-detail-to-iplist">
                {t('permitDetail.toIpList')}
              </Link>
            </>
          )}
        </p>
        {(state === 'rejected' || state === 'revoked') && <UsageReason usage={usage} />}
        {mayResubmit && (
          <PermitResubmitForm
            usage={usage}
            onDone={async (message) => {
              setNotice(message);
              await mutate();
              await reloadActions();
              onChanged();
            }}
          />
        )}
        <HistorySections
          history={history}
          reviewsTitle={t('permitDetail.reviews')}
          logTitle={t('permitDetail.log')}
          reviewsTestId="permit-reviews"
          reviewsClass="mt-3"
        />
      </Card.Body>
    </Card>
  );
}
