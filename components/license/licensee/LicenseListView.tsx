import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useMemo, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'next-i18next/pages';
import { formatDay, formatMoney, formatRate, text, type Row } from '@/components/flow/approval/subject';
import { useEntityQuery } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { RecordSearch, Reference } from '@/components/refs/RecordSearch';
import { ContractCell } from '../ContractCell';
import { licenseStateVariant } from '../states';
import { useOrganisations } from '../../licensees/useOrganisations';

// The license's dialog (workflow log, review rounds, contract) loads when a license is opened.
const LicenseDetail = dynamic(() => import('./LicenseDetail').then((m) => m.LicenseDetail), { ssr: false });

/** IP names for a set of IP keys (only IPs the caller may read come back). */
export function useIpNames(keys: string[]) {
  const { data } = useEntityQuery<{ key: string; name: string }>(
    'IP',
    keys.length ? { filter: { key: { $in: keys } }, limit: 500 } : null,
  );
  return useMemo(() => new Map((data?.items ?? []).map((ip) => [ip.key, ip.name])), [data]);
}

/** The organisation's licenses (the read scope already limits them to the caller's organisations). */
export function LicenseListView({ title }: ScreenViewProps) {
  const { t } = useTranslation('licensee');
  const { t: tf } = useTranslation('flow');
  const { t: tc } = useTranslation('common');
  const { lang } = useShell();
  const { organisations } = useOrganisations();
  const [open, setOpen] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const { data, isLoading, mutate } = useEntityQuery<Row>('License', {
    ...(q ? { q } : {}),
    sort: { dateCreated: -1 },
    limit: 500,
  });
  const licenses = useMemo(() => data?.items ?? [], [data]);
  const ipKeys = useMemo(() => [...new Set(licenses.map((l) => text(l.ip)))].sort(), [licenses]);
  const ipNames = useIpNames(ipKeys);
  const orgNames = new Map(organisations.map((o) => [o.key, o.name]));
  const several = organisations.length > 1;
  // A link from a notification or a mail opens its license by reference (?open=LIC-2026-0042).
  const router = useRouter();
  const wanted = typeof router.query.open === 'string' ? router.query.open : null;
  const linked = wanted ? licenses.find((l) => l.reference === wanted) : undefined;
  const current = licenses.find((l) => l.key === (open ?? linked?.key)) ?? null;
  const close = () => {
    setOpen(null);
    if (!wanted) return;
    const query = Object.fromEntries(Object.entries(router.query).filter(([name]) => name !== 'open'));
    void router.replace({ pathname: router.pathname, query }, undefined, { shallow: true });
  };

  return (
    <div data-testid="licensee-licenses">
      <h1 className="h4 mb-3">{title}</h1>
      <RecordSearch onSearch={setQ} />
      {isLoading ? (
        <Spinner animation="border" size="sm" />
      ) : licenses.length === 0 ? (
        <p className="text-muted" data-testid="licenses-empty">
          {q ? tc('search.none') : t('list.empty')}
        </p>
      ) : (
        <Table hover responsive size="sm" className="align-middle" data-testid="licenses-table">
          <thead>
            <tr>
              <th>{t('list.reference')}</th>
              <th>{t('list.ip')}</th>
              {several && <th>{t('list.organisation')}</th>}
              <th>{t('list.state')}</th>
              <th>{t('list.term')}</th>
              <th>{t('list.territory')}</th>
              <th>{t('list.channelsCategories')}</th>
              <th className="text-end">{t('list.rate')}</th>
              <th className="text-end">{t('list.minimumGuarantee')}</th>
              <th className="text-end">{t('list.advance')}</th>
              <th>{t('list.currency')}</th>
              <th>{t('list.contract')}</th>
            </tr>
          </thead>
          <tbody>
            {licenses.map((license) => {
              const key = text(license.key);
              const state = text(license.state);
              const territory = Array.isArray(license.territory) ? (license.territory as string[]) : [];
              return (
                <tr
                  key={key}
                  role="button"
                  onClick={() => setOpen(key)}
                  data-testid="license-row"
                  data-key={key}
                  data-state={state}
                >
                  <td>
                    <Reference value={license.reference} />
                  </td>
                  <td>
                    <span className="link-primary" data-testid="license-ip">
                      {ipNames.get(text(license.ip)) ?? t('list.unknownIp')}
                    </span>
                  </td>
                  {several && <td>{orgNames.get(text(license.licensee)) ?? ''}</td>}
                  <td>
                    <Badge bg={licenseStateVariant(state)} data-testid="license-state">
                      {tf(`state.${state}`)}
                    </Badge>
                  </td>
                  <td className="text-nowrap">
                    {formatDay(license.term_start)} – {formatDay(license.term_end)}
                  </td>
                  <td>{territory.map((c) => t(`territory.${c}`, { defaultValue: c })).join(', ')}</td>
                  <td className="small">
                    {[license.channels, license.categories]
                      .map((list) => (Array.isArray(list) ? list.join(', ') : ''))
                      .filter(Boolean)
                      .join(' / ')}
                  </td>
                  <td className="text-end">{formatRate(license.royalty_rate_bp, lang)}</td>
                  <td className="text-end">{formatMoney(license.minimum_guarantee, license.currency, lang)}</td>
                  <td className="text-end">{formatMoney(license.advance, license.currency, lang)}</td>
                  <td>{text(license.currency)}</td>
                  <td onClick={(e) => e.stopPropagation()}>
                    <ContractCell license={license} onChanged={() => void mutate()} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
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
