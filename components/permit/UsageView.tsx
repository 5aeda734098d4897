import { useEffect, useState } from 'react';
import { TitledCard } from '@/components/kit/shell/TitledCard';
import Spinner from 'react-bootstrap/Spinner';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { FlashNotice } from '@/components/kit/shell/FlashNotice';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { OpenLink } from '@/components/kit/table/OpenRowButton';
import { RecordTable } from '@/components/kit/table/RecordTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { useEntityQuery } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import { useNames } from '@/components/kit/format/use-names';
import { isLivePermit, useMyDesigner, useMyPermits, type Row } from '../ip/gallery/data';
import { FlowState } from '../flow/FlowState';
import { PermitDetail } from './PermitDetail';
import { PermitRequestForm } from './PermitRequestForm';
import { UsageReason } from './UsageReason';
import { RecordSearch, matchesSearch } from '@/components/refs/RecordSearch';

/**
 * designer/usage: my usage permits with their states (and why one ended), a new request, and one
 * permit's own panel (?permit=key; a notification or mail opens it by number, ?open=USE-2026-0042).
 */
export function UsageView({ title }: ScreenViewProps) {
  const { t } = useTranslation('designer');
  const { t: tc } = useTranslation('common');
  const { lang } = useShell();
  const { designer, sub } = useMyDesigner();
  const permits = useMyPermits(sub);
  const published = useEntityQuery<Row>('IP', {
    filter: { kind: 'primary', state: 'published' },
    sort: { name: 1 },
    limit: 500,
  });
  const names = useNames(
    'IP',
    permits.items.map((u) => u.ip),
  );
  const [requested, setRequested] = useState<string | null>(null);
  const options = (published.data?.items ?? []).map((ip) => ({
    key: String(ip.key),
    name: String(ip.name ?? ''),
    disabled: isLivePermit(permits.latestByIp.get(String(ip.key))),
  }));
  const nameOf = (usage: Row) => names.get(String(usage.ip)) ?? '—';
  const [q, setQ] = useState('');
  const router = useRouter();
  const selected = typeof router.query.permit === 'string' ? router.query.permit : null;
  const opening = typeof router.query.open === 'string' ? router.query.open : null;
  const open = (key: string | null) =>
    void router.push({ pathname: `/${lang}/designer/usage`, query: key ? { permit: key } : {} }, undefined, { shallow: true });
  useEffect(() => {
    if (!opening || permits.isLoading) return;
    const found = permits.items.find((usage) => String(usage.reference ?? '') === opening);
    if (found)
      void router.replace({ pathname: `/${lang}/designer/usage`, query: { permit: String(found.key) } }, undefined, {
        shallow: true,
      });
  }, [opening, permits.items, permits.isLoading, lang, router]);
  const columns = [
    column<Row>('reference', t('usage.reference'), (usage) => usage.reference, { kind: 'reference', sortable: true }),
    column<Row>('ip', t('usage.ip'), nameOf, { sortable: true, testId: 'usage-ip', hideable: false }),
    column<Row>('purpose', t('usage.purpose'), (usage) => String(usage.purpose ?? ''), {
      render: (usage) => (
        <span style={{ whiteSpace: 'pre-wrap' }}>
          {String(usage.purpose ?? '')}
          {(usage.state === 'rejected' || usage.state === 'revoked') && <UsageReason usage={usage} />}
        </span>
      ),
    }),
    column<Row>('state', t('usage.state'), (usage) => usage.state, {
      render: (usage) => <FlowState state={usage.state} testId="usage-state" />,
    }),
    column<Row>('date', t('usage.date'), (usage) => usage.dateCreated, { kind: 'datetime', sortable: true }),
    actionsColumn<Row>(t('usage.open'), (usage) => (
      <OpenLink
        href={{ pathname: `/${lang}/designer/usage`, query: { permit: String(usage.key) } }}
        label={t('usage.openOne', { reference: String(usage.reference ?? '') })}
        testId="usage-details"
      >
        {t('usage.open')}
      </OpenLink>
    )),
  ];
  const shown = permits.items.filter((usage) =>
    matchesSearch(`${String(usage.reference ?? '')} ${nameOf(usage)} ${String(usage.purpose ?? '')}`, q),
  );

  return (
    <section data-testid="designer-usage">
      <h1 className="h3 mb-2">{title}</h1>
      <p className="text-muted">{t('usage.intro')}</p>
      <FlashNotice
        flash={requested ? { variant: 'success', text: t('permit.requested', { name: requested }) } : null}
        onClose={() => setRequested(null)}
        testId="permit-requested"
      />
      <TitledCard title={t('usage.formTitle')}>
        {published.isLoading ? (
          <Spinner animation="border" size="sm" role="status" />
        ) : options.length === 0 ? (
          <p className="text-muted mb-0" data-testid="usage-no-ips">
            {t('usage.noPublished')}
          </p>
        ) : (
          <PermitRequestForm
            ipOptions={options}
            designerKey={designer ? String(designer.key) : undefined}
            onCreated={(usage) => {
              void permits.mutate();
              setRequested(
                [String(usage.reference ?? ''), options.find((o) => o.key === usage.ip)?.name ?? ''].filter(Boolean).join(' '),
              );
            }}
          />
        )}
      </TitledCard>
      {selected && (
        <PermitDetail key={selected} usageKey={selected} onChanged={() => void permits.mutate()} onClose={() => open(null)} />
      )}
      <h2 className="h5">{t('usage.listTitle')}</h2>
      {permits.items.length > 0 && <RecordSearch onSearch={setQ} testId="usage-search" />}
      <RecordTable
        columns={columns}
        rows={permits.isLoading ? undefined : shown}
        error={permits.data === null}
        caption={t('usage.listTitle')}
        testId="usage-table"
        keyOf={(usage) => String(usage.key)}
        rowTestId="usage-row"
        active={selected}
        empty={
          permits.items.length === 0
            ? {
                message: <span data-testid="usage-empty">{t('usage.empty')}</span>,
                action: <Link href={`/${lang}/designer/gallery`}>{t('usage.toGallery')}</Link>,
              }
            : { message: tc('search.none') }
        }
        csvName="usage-permits.csv"
      />
    </section>
  );
}
