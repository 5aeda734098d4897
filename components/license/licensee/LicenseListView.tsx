import dynamic from 'next/dynamic';
import { useMemo, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { text, type Row } from '@/components/flow/approval/subject';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import { useLinkedRecord } from '@/components/kit/record/use-linked-record';
import { useNames } from '@/components/kit/format/use-names';
import { useEntityQuery } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { RecordSearch } from '@/components/refs/RecordSearch';
import { ContractCell } from '../ContractCell';
import { licenseColumns } from '../license-columns';
import { useOrganisations } from '../../licensees/useOrganisations';

// The license's dialog (workflow log, review rounds, contract) loads when a license is opened.
const LicenseDetail = dynamic(() => import('./LicenseDetail').then((m) => m.LicenseDetail), { ssr: false });

const listOf = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');

/** The organisation's licenses (the read scope already limits them to the caller's organisations). */
export function LicenseListView({ title }: ScreenViewProps) {
  const { t } = useTranslation('licensee');
  const { t: tf } = useTranslation('flow');
  const { t: tc } = useTranslation('common');
  const { lang } = useShell();
  const { organisations } = useOrganisations();
  const [q, setQ] = useState('');
  const { data, error, mutate } = useEntityQuery<Row>('License', {
    ...(q ? { q } : {}),
    sort: { dateCreated: -1 },
    limit: 500,
  });
  const licenses = useMemo(() => data?.items ?? [], [data]);
  const ipKeys = useMemo(() => [...new Set(licenses.map((l) => text(l.ip)))].sort(), [licenses]);
  const ipNames = useNames('IP', ipKeys);
  const orgNames = new Map(organisations.map((o) => [o.key, o.name]));
  const { current, open, close } = useLinkedRecord(licenses);
  const ipName = (l: Row) => ipNames.get(text(l.ip)) ?? t('list.unknownIp');

  const columns = [
    licenseColumns.reference(t('list.reference')),
    column<Row>('ip', t('list.ip'), ipName, {
      sortable: true,
      hideable: false,
      render: (l) => (
        <button type="button" className="btn btn-link p-0 text-start" onClick={() => open(text(l.key))} data-testid="license-ip">
          {ipName(l)}
        </button>
      ),
    }),
    ...(organisations.length > 1
      ? [column<Row>('organisation', t('list.organisation'), (l) => orgNames.get(text(l.licensee)) ?? '', { sortable: true })]
      : []),
    licenseColumns.state(t('list.state'), (state) => tf(`state.${state}`), 'license-state'),
    licenseColumns.term(t('list.term')),
    column<Row>('territory', t('list.territory'), (l) =>
      (Array.isArray(l.territory) ? (l.territory as string[]) : [])
        .map((c) => t(`territory.${c}`, { defaultValue: c }))
        .join(', '),
    ),
    column<Row>('channels', t('list.channelsCategories'), (l) =>
      [listOf(l.channels), listOf(l.categories)].filter(Boolean).join(' / '),
    ),
    licenseColumns.rate(t('list.rate')),
    licenseColumns.amount('minimum_guarantee', t('list.minimumGuarantee')),
    licenseColumns.amount('advance', t('list.advance')),
    column<Row>('currency', t('list.currency'), (l) => text(l.currency)),
    column<Row>('contract', t('list.contract'), (l) => (text(l.contract) ? t('list.openContract') : t('list.notIssued')), {
      render: (l) => <ContractCell license={l} onChanged={() => void mutate()} />,
    }),
  ];

  return (
    <div data-testid="licensee-licenses">
      <h1 className="h4 mb-3">{title}</h1>
      <RecordSearch onSearch={setQ} />
      <DataTable
        columns={columns}
        rows={data === undefined ? undefined : licenses}
        lang={lang}
        caption={title}
        error={error}
        onRetry={() => void mutate()}
        getRowId={(l) => text(l.key)}
        rowProps={(l) => ({ 'data-testid': 'license-row', 'data-key': text(l.key), 'data-state': text(l.state) })}
        empty={{ message: <span data-testid="licenses-empty">{q ? tc('search.none') : t('list.empty')}</span> }}
        testId="licenses-table"
        csvName="licenses.csv"
      />
      {current && (
        <LicenseDetail
          license={current}
          ipName={ipNames.get(text(current.ip)) ?? ''}
          onClose={close}
          onChanged={() => void mutate()}
        />
      )}
    </div>
  );
}
