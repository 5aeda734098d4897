import { Fragment, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { ReviewRounds, WorkflowLog } from '@/components/flow/approval/ReviewHistory';
import { formatDay, formatMoney, formatRate, text, type Row } from '@/components/flow/approval/subject';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import Form from 'react-bootstrap/Form';
import { api } from '@/lib/client/api';
import { takeStep, useHistory, useRecordActions } from '@/lib/client/flow';
import { percentToBp } from '@/lib/format/money';
import { useShell } from '@/lib/client/settings-context';
import { LicenseContract } from '@/components/contracts/LicenseContract';
import { ContractCell } from '../ContractCell';
import { licenseStateVariant } from '../states';
import { Reference } from '@/components/refs/RecordSearch';
import { ChangeRequests } from '@/components/flow/approval/ChangeRequests';

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
  const { data: offer, mutate: reloadActions } = useRecordActions('License', key);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [rate, setRate] = useState('');
  // The steps the server says this person may take now; signing goes through the e-signature
  // (the contract's "Review and sign"), not a bare step.
  const steps = (offer?.state === state ? offer.actions : []).map((a) => a.action).filter((action) => action !== 'sign');
  const editable = state === 'applied' || state === 'changes_requested';

  const save = async () => {
    const bp = percentToBp(rate);
    if (bp === null || bp === undefined) {
      setProblem(t('detail.rateInvalid'));
      return;
    }
    setPending(true);
    setProblem(null);
    const answer = await api.PATCH('/api/v1/License/{id}', {
      params: { path: { id: key } },
      body: { royalty_rate_bp: bp },
      token: session?.accessToken,
    });
    setPending(false);
    if (answer?.status !== 0) {
      setProblem(t('detail.saveFailed'));
      return;
    }
    setEditing(false);
    setNotice(t('detail.saved'));
    onChanged();
    void mutate();
  };

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
    setNotice(action === 'resubmit' ? t('detail.resubmitted') : null);
    onChanged();
    void mutate();
    void reloadActions();
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
        {state === 'changes_requested' && (
          <ChangeRequests
            reviews={history?.reviews ?? []}
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
          <Alert
            variant="success"
            className="py-2 small"
            dismissible
            onClose={() => setNotice(null)}
            data-testid="license-notice"
          >
            {notice}
          </Alert>
        )}
        {editable && steps.length > 0 && !editing && (
          <Button
            variant="outline-primary"
            size="sm"
            className="mb-3"
            onClick={() => {
              setRate(typeof license.royalty_rate_bp === 'number' ? String(license.royalty_rate_bp / 100) : '');
              setEditing(true);
            }}
            data-testid="license-edit"
          >
            {t('detail.editTerms')}
          </Button>
        )}
        {editing && (
          <Form
            className="border rounded p-2 mb-3"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
            data-testid="license-edit-form"
          >
            <Form.Group controlId="license-edit-rate" className="mb-2">
              <Form.Label className="small">{t('apply.rate')}</Form.Label>
              <Form.Control
                value={rate}
                onChange={(e) => setRate(e.target.value)}
                inputMode="decimal"
                data-testid="license-edit-rate"
              />
            </Form.Group>
            <div className="d-flex gap-2">
              <Button type="submit" size="sm" disabled={pending} data-testid="license-edit-save">
                {t('detail.saveTerms')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setEditing(false)}>
                {t('detail.cancelEdit')}
              </Button>
            </div>
          </Form>
        )}
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
