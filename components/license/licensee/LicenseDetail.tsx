import { Fragment, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import { ReviewRounds, WorkflowLog } from '@/components/flow/approval/ReviewHistory';
import { formatDay, formatMoney, formatRate, text, type Row } from '@/components/flow/approval/subject';
import { RecordDetailModal } from '@/components/kit/record/RecordDetailModal';
import { useRecordSteps } from '@/components/kit/record/use-record-steps';
import { useShell } from '@/lib/client/settings-context';
import { LicenseContract } from '@/components/contracts/LicenseContract';
import { ContractCell } from '../ContractCell';
import { licenseStateVariant } from '../states';
import { ChangeRequests } from '@/components/flow/approval/ChangeRequests';
import { LicenseTermsForm } from './LicenseTermsForm';

/** One license: its terms, the contract, the review history and the steps the licensee may take now. */
export function LicenseDetail({
  license,
  ipName,
  onClose,
  onChanged,
}: {
  license: Row;
  ipName: string;
  onClose(): void;
  onChanged(): void;
}) {
  const { t } = useTranslation('licensee');
  const { t: tf } = useTranslation('flow');
  const { lang } = useShell();
  const key = text(license.key);
  const state = text(license.state);
  // Signing goes through the e-signature (the contract's "Review and sign"), not a bare step.
  const { history, offer, steps, pending, problem, take } = useRecordSteps(
    'License',
    key,
    state,
    {
      confirmTitle: (action) => t(`detail.step.${action}`),
      confirmBody: (action) => t(`detail.confirm.${action}`),
      failed: t('detail.stepFailed'),
    },
    { exclude: ['sign'], onChanged },
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const editable = state === 'applied' || state === 'changes_requested';

  const step = async (action: string) => {
    if (await take(action)) setNotice(action === 'resubmit' ? t('detail.resubmitted') : null);
  };

  const rows: [string, ReactNode][] = [
    [t('list.term'), `${formatDay(license.term_start)} – ${formatDay(license.term_end)}`],
    [
      t('list.territory'),
      (Array.isArray(license.territory) ? (license.territory as string[]) : [])
        .map((c) => t(`territory.${c}`, { defaultValue: c }))
        .join(', '),
    ],
    [t('apply.channels'), Array.isArray(license.channels) ? license.channels.join(', ') : ''],
    [t('apply.categories'), Array.isArray(license.categories) ? license.categories.join(', ') : ''],
    [t('list.rate'), formatRate(license.royalty_rate_bp, lang)],
    [t('list.minimumGuarantee'), formatMoney(license.minimum_guarantee, license.currency, lang)],
    [t('list.advance'), formatMoney(license.advance, license.currency, lang)],
    [t('list.currency'), text(license.currency)],
    [
      t('apply.notes'),
      <span key="notes" style={{ whiteSpace: 'pre-wrap' }}>
        {text(license.notes)}
      </span>,
    ],
    [t('list.contract'), <ContractCell key="contract" license={license} onChanged={onChanged} />],
  ];

  return (
    <RecordDetailModal
      reference={license.reference}
      name={ipName || t('list.unknownIp')}
      state={{ label: tf(`state.${state}`), variant: licenseStateVariant(state) }}
      onClose={onClose}
      closeLabel={t('detail.close')}
      testId="license-detail"
    >
      <dl className="row small">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="col-sm-4">{label}</dt>
            <dd className="col-sm-8">{value}</dd>
          </Fragment>
        ))}
      </dl>
      {state === 'changes_requested' && (
        <ChangeRequests
          reviews={history.data?.reviews ?? []}
          title={t('detail.changesTitle')}
          intro={t('detail.changesIntro')}
          testId="license"
        />
      )}
      {offer && offer.waitingFor.length > 0 && (
        <p className="small text-muted" data-testid="license-waiting-for">
          {t('detail.waitingFor', { groups: offer.waitingFor.map((g) => tf(`group.${g}`)).join(lang === 'jp' ? '・' : ', ') })}
        </p>
      )}
      {notice && (
        <Alert variant="success" className="py-2 small" dismissible onClose={() => setNotice(null)} data-testid="license-notice">
          {notice}
        </Alert>
      )}
      {editable && steps.length > 0 && !editing && (
        <Button variant="outline-primary" size="sm" className="mb-3" onClick={() => setEditing(true)} data-testid="license-edit">
          {t('detail.editTerms')}
        </Button>
      )}
      {editing && (
        <LicenseTermsForm
          licenseKey={key}
          rateBp={license.royalty_rate_bp}
          onSaved={() => {
            setEditing(false);
            setNotice(t('detail.saved'));
            onChanged();
            void history.mutate();
          }}
          onCancel={() => setEditing(false)}
        />
      )}
      {state === 'contract_sent' && !license.contract && (
        <Alert variant="info" className="py-2 small">
          {t('detail.contractLater')}
        </Alert>
      )}
      {steps.length > 0 && (
        <div className="d-flex gap-2 mb-3" data-testid="license-steps">
          {steps.map((action) => (
            <Button key={action} disabled={pending} onClick={() => void step(action)} data-testid={`license-step-${action}`}>
              {t(`detail.step.${action}`)}
            </Button>
          ))}
        </div>
      )}
      {problem && (
        <Alert variant="danger" className="py-2" data-testid="license-step-error">
          {problem}
        </Alert>
      )}
      {typeof license.contract === 'string' && license.contract && <LicenseContract license={key} />}
      <h2 className="h6 mt-3">{t('detail.reviews')}</h2>
      {history.isLoading ? <Spinner animation="border" size="sm" /> : <ReviewRounds reviews={history.data?.reviews ?? []} />}
      <h2 className="h6 mt-4">{t('detail.log')}</h2>
      {history.data && <WorkflowLog log={history.data.log} />}
    </RecordDetailModal>
  );
}
