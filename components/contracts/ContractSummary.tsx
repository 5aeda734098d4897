import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import { contractPdfUrl, type ContractAttributes, type ContractSignature } from '@/lib/client/contracts';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';

const STATE_VARIANT: Record<string, string> = {
  preparing: 'info',
  generated: 'secondary',
  licensee_signed: 'primary',
  countersigned: 'success',
  void: 'danger',
};

/** A PDF being made by a job: said in words, with the page updating by itself (useContract polls). */
export function PreparingNotice({ text, testId }: { text: string; testId: string }) {
  return (
    <Alert variant="info" className="py-2 small d-flex align-items-center gap-2" role="status" data-testid={testId}>
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{text}</span>
    </Alert>
  );
}

/** Who signed the contract, when and from where, with the fingerprint of what each signed. */
function SignaturesTable({ signatures }: { signatures: ContractSignature[] }) {
  const { t } = useTranslation('contract');
  const { lang } = useShell();
  const none = t('ui.none');
  const columns = [
    column<ContractSignature>('party', t('ui.party'), (s) => t(`ui.parties.${s.party}`), {
      hideable: false,
      render: (s) => (
        <>
          {t(`ui.parties.${s.party}`)}
          {s.voided && (
            <Badge bg="danger" className="ms-1">
              {t('ui.voided')}
            </Badge>
          )}
        </>
      ),
    }),
    column<ContractSignature>('signer', t('ui.signerName'), (s) => s.signerName, { hideable: false }),
    column<ContractSignature>('signedAt', t('ui.signedAt'), (s) => s.signedAt, { kind: 'datetime', hideable: false }),
    column<ContractSignature>('ip', t('ui.ip'), (s) => s.ip ?? none, { hideable: false }),
    column<ContractSignature>('sha256', 'SHA-256', (s) => s.sha256, {
      hideable: false,
      render: (s) => (
        <code className="small" title={s.sha256}>
          {s.sha256.slice(0, 12)}…
        </code>
      ),
    }),
  ];
  return (
    <DataTable
      columns={columns}
      rows={signatures}
      lang={lang}
      caption={t('ui.signatures')}
      getRowId={(s) => s.party + s.signedAt}
      rowProps={(s) => ({ 'data-testid': 'contract-signature', 'data-party': s.party })}
      empty={{ message: none }}
      testId="contract-signatures"
    />
  );
}

/** A contract's revision, fingerprint, terms versions, signatures and documents. */
export function ContractSummary({ contract }: { contract: ContractAttributes }) {
  const { t } = useTranslation('contract');
  const none = t('ui.none');
  const other = contract.lang === 'en' ? 'jp' : 'en';
  return (
    <div data-testid="contract-summary" data-contract={contract.key} data-state={contract.state}>
      {contract.preparing && <PreparingNotice text={t('ui.preparing')} testId="contract-preparing" />}
      {contract.finalPreparing && <PreparingNotice text={t('ui.finalPreparing')} testId="contract-final-preparing" />}
      <dl className="row small mb-2">
        <dt className="col-sm-4">{t('ui.state')}</dt>
        <dd className="col-sm-8">
          <Badge bg={STATE_VARIANT[contract.state] ?? 'secondary'} data-testid="contract-state">
            {t(`ui.states.${contract.state}`)}
          </Badge>
        </dd>
        <dt className="col-sm-4">{t('ui.revision')}</dt>
        <dd className="col-sm-8" data-testid="contract-revision">
          {contract.revision}
        </dd>
        <dt className="col-sm-4">{t('ui.generated')}</dt>
        <dd className="col-sm-8">{formatDateTime(contract.dateCreated)}</dd>
        <dt className="col-sm-4">SHA-256</dt>
        <dd className="col-sm-8">
          <code className="small text-break" data-testid="contract-sha256">
            {contract.sha256 ?? none}
          </code>
        </dd>
        <dt className="col-sm-4">{t('ui.termsVersions')}</dt>
        <dd className="col-sm-8">
          {t('ui.termsCommon')}: {contract.termsVersions.common ?? none} / {t('ui.termsLicensee')}:{' '}
          {contract.termsVersions.licensee ?? none}
        </dd>
        <dt className="col-sm-4">{t('ui.documents')}</dt>
        <dd className="col-sm-8 d-flex flex-wrap gap-3">
          {contract.preparing ? (
            <span className="text-muted">{t('ui.states.preparing')}</span>
          ) : (
            <>
              <a href={contractPdfUrl(contract.key)} target="_blank" rel="noreferrer" data-testid="contract-open">
                {t('ui.openContract')}
              </a>
              <a
                href={`${contractPdfUrl(contract.key)}?lang=${other}`}
                target="_blank"
                rel="noreferrer"
                data-testid="contract-reference"
              >
                {t(`ui.reference.${other}`)}
              </a>
            </>
          )}
          {contract.finalSha256 && (
            <a href={contractPdfUrl(contract.key, true)} target="_blank" rel="noreferrer" data-testid="contract-final">
              {t('ui.openSigned')}
            </a>
          )}
        </dd>
      </dl>
      {contract.signatures.length > 0 && <SignaturesTable signatures={contract.signatures} />}
    </div>
  );
}
