import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { text, type Row } from '@/components/flow/approval/subject';
import { useNames } from '@/components/kit/format/use-names';
import { DataTable } from '@/components/kit/table/DataTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { licenseColumns } from '@/components/license/license-columns';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import { contractPdfUrl } from '@/lib/client/contracts';
import { useEntityQuery } from '@/lib/client/entities';
import { takeStep } from '@/lib/client/flow';
import { OfferedStep } from '@/components/flow/OfferedStep';
import { RecordSearch } from '@/components/refs/RecordSearch';
import { useShell } from '@/lib/client/settings-context';
import { SignContractDialog } from './LazySignContractDialog';

const STATES = ['approved', 'contract_sent', 'signed'];

/**
 * Holder staff's contracts at work: approved licenses whose contract is ready to send, those
 * waiting for the licensee's signature, and those signed by the licensee awaiting the countersignature.
 */
export function HolderContractsPanel() {
  const { t } = useTranslation('contract');
  const { t: tf } = useTranslation('flow');
  const { t: tc } = useTranslation('common');
  const { lang } = useShell();
  const { data: session } = useSession();
  const dialogs = useDialogs();
  // A licensee on the phone quotes the license's number (LIC-2026-0042) or names the IP.
  const [q, setQ] = useState('');
  const { data, error, mutate } = useEntityQuery<Row>('License', {
    filter: { state: { $in: STATES } },
    ...(q ? { q } : {}),
    sort: { dateCreated: -1 },
    limit: 200,
  });
  const licenses = useMemo(() => data?.items ?? [], [data]);
  const ipNames = useNames(
    'IP',
    useMemo(() => licenses.map((l) => text(l.ip)), [licenses]),
  );
  const orgNames = useNames(
    'Licensee',
    useMemo(() => licenses.map((l) => text(l.licensee)), [licenses]),
  );
  const [signing, setSigning] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [flash, setFlash] = useState<{ variant: string; text: string } | null>(null);

  const actions = (license: Row) => {
    const key = text(license.key);
    const state = text(license.state);
    return (
      <>
        {state === 'approved' && (
          <OfferedStep entity="License" recordKey={key} state={state} action="send_contract">
            <Button size="sm" disabled={pending === key} onClick={() => void send(license)} data-testid="holder-contract-send">
              {t('ui.holder.send')}
            </Button>
          </OfferedStep>
        )}
        {state === 'signed' && (
          <OfferedStep entity="License" recordKey={key} state={state} action="countersign">
            <Button size="sm" onClick={() => setSigning(key)} data-testid="holder-countersign">
              {t('ui.holder.countersign')}
            </Button>
          </OfferedStep>
        )}
        {state === 'contract_sent' && <span className="small text-muted">{t('ui.holder.waiting')}</span>}
      </>
    );
  };
  const columns = [
    licenseColumns.reference(t('ui.holder.number')),
    // Until the names arrive the cell stays empty: a person never reads the record's key.
    column<Row>('ip', t('ui.holder.ip'), (l) => ipNames.get(text(l.ip)) ?? '', { sortable: true }),
    column<Row>('licensee', t('ui.holder.licensee'), (l) => orgNames.get(text(l.licensee)) ?? '', { sortable: true }),
    licenseColumns.state(t('ui.state'), (state) => tf(`state.${state}`), 'holder-contract-state'),
    licenseColumns.term(t('ui.holder.term')),
    licenseColumns.rate(t('ui.holder.rate')),
    column<Row>('contract', t('ui.contract'), (l) => (text(l.contract) ? t('ui.openContract') : t('ui.notGenerated')), {
      render: (l) =>
        text(l.contract) ? (
          <a href={contractPdfUrl(text(l.key))} target="_blank" rel="noreferrer" data-testid="holder-contract-open">
            {t('ui.openContract')}
          </a>
        ) : (
          <span className="text-muted small">{t('ui.notGenerated')}</span>
        ),
    }),
    actionsColumn<Row>(t('ui.holder.actions'), actions),
  ];

  const send = async (license: Row) => {
    const name = ipNames.get(text(license.ip)) ?? '';
    if (!(await dialogs.confirm(t('ui.holder.send'), t('ui.holder.sendConfirm', { name })))) return;
    setPending(text(license.key));
    const answer = await takeStep('License', text(license.key), 'send_contract', undefined, session?.accessToken);
    setPending(null);
    setFlash(
      answer.status === 0
        ? { variant: 'success', text: t('ui.holder.sent', { name }) }
        : { variant: 'danger', text: answer.message ?? (Object.values(answer.errors).join(' ') || t('ui.sign.failed')) },
    );
    void mutate();
  };

  return (
    <Card className="mt-4" data-testid="holder-contracts">
      <Card.Header className="d-flex align-items-center">
        <h2 className="h6 mb-0 me-auto">{t('ui.holder.title')}</h2>
        <Button variant="outline-secondary" size="sm" onClick={() => void mutate()} data-testid="holder-contracts-reload">
          {t('ui.reload')}
        </Button>
      </Card.Header>
      <Card.Body>
        <p className="text-muted small">{t('ui.holder.intro')}</p>
        {flash && (
          <Alert variant={flash.variant} dismissible onClose={() => setFlash(null)} data-testid="holder-contracts-flash">
            {flash.text}
          </Alert>
        )}
        <RecordSearch onSearch={setQ} testId="holder-contracts-search" />
        <DataTable
          columns={columns}
          rows={data === undefined ? undefined : licenses}
          lang={lang}
          caption={t('ui.holder.title')}
          error={error}
          onRetry={() => void mutate()}
          getRowId={(l) => text(l.key)}
          rowProps={(l) => ({ 'data-testid': 'holder-contract-row', 'data-key': text(l.key), 'data-state': text(l.state) })}
          empty={{ message: <span data-testid="holder-contracts-empty">{q ? tc('search.none') : t('ui.holder.empty')}</span> }}
          testId="holder-contracts-table"
          csvName="contracts.csv"
        />
      </Card.Body>
      {signing && (
        <SignContractDialog
          id={signing}
          party="holder"
          onHide={() => setSigning(null)}
          onSigned={() => {
            setSigning(null);
            setFlash({ variant: 'success', text: t('ui.holder.countersigned') });
            void mutate();
          }}
        />
      )}
    </Card>
  );
}
