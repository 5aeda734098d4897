import { Fragment, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { ReviewRounds, WorkflowLog } from '@/components/approval/ReviewHistory';
import { formatDay, formatMoney, formatRate, text, type Row } from '@/components/approval/subject';
import { useDialogs } from '@/components/dialogs/DialogProvider';
import { takeStep, useHistory } from '@/lib/client/flow';
import { useShell } from '@/lib/client/settings-context';
import { LicenseContract } from '@/components/contracts/LicenseContract';
import { ContractCell } from './ContractCell';
import { licenseeSteps, licenseStateVariant } from './states';
import { Reference } from '@/components/refs/RecordSearch';

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
  const { data: session } = useSession();
  const dialogs = useDialogs();
  const key = text(license.key);
  const state = text(license.state);
  const { data: history, isLoading, mutate } = useHistory('License', key);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Signing goes through the e-signature (the contract's "Review and sign"), not a bare step.
  const steps = licenseeSteps('license', state).filter((action) => action !== 'sign');

  const take = async (action: string) => {
    if (!(await dialogs.confirm(t(`detail.step.${action}`), t(`detail.confirm.${action}`)))) return;
    setPending(true);
    setProblem(null);
    const answer = await takeStep('License', key, action, undefined, session?.accessToken);
    setPending(false);
    if (answer.status !== 0) {
      setProblem(answer.message ?? (Object.values(answer.errors).join(' ') || t('detail.stepFailed')));
      return;
    }
    onChanged();
    void mutate();
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
    <Modal show onHide={onClose} size="lg" data-testid="license-detail">
      <Modal.Header closeButton>
        <Modal.Title className="h5">
          <Reference value={license.reference} /> {ipName || t('list.unknownIp')}{' '}
          <Badge bg={licenseStateVariant(state)} className="ms-2 align-middle" data-testid="license-detail-state">
            {tf(`state.${state}`)}
          </Badge>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <dl className="row small">
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <dt className="col-sm-4">{label}</dt>
              <dd className="col-sm-8">{value}</dd>
            </Fragment>
          ))}
        </dl>
        {state === 'contract_sent' && !license.contract && (
          <Alert variant="info" className="py-2 small">
            {t('detail.contractLater')}
          </Alert>
        )}
        {steps.length > 0 && (
          <div className="d-flex gap-2 mb-3" data-testid="license-steps">
            {steps.map((action) => (
              <Button key={action} disabled={pending} onClick={() => void take(action)} data-testid={`license-step-${action}`}>
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
        {isLoading ? <Spinner animation="border" size="sm" /> : <ReviewRounds reviews={history?.reviews ?? []} />}
        <h2 className="h6 mt-4">{t('detail.log')}</h2>
        {history && <WorkflowLog log={history.log} />}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t('detail.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
