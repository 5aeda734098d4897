import { useMemo } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { formatMoney, formatRate } from '@/components/flow/approval/subject';
import { useNames } from '@/components/kit/format/use-names';
import { useShell } from '@/lib/client/settings-context';
import { useLicenseTotals } from './api';
import { Reference } from '@/components/refs/RecordSearch';

/** Running totals per license: earned, advance recouped and remaining, payable, MG progress. */
export function TotalsTable({ licensee, showLicensee = false }: { licensee?: string | null; showLicensee?: boolean }) {
  const { t } = useTranslation('sales');
  const { lang } = useShell();
  const { data, error } = useLicenseTotals(licensee);
  const ips = useNames(
    'IP',
    useMemo(() => (data ?? []).map((l) => l.ip), [data]),
  );
  const orgs = useNames(
    'Licensee',
    useMemo(() => (showLicensee ? (data ?? []).map((l) => l.licensee) : []), [data, showLicensee]),
  );
  if (error) return <Alert variant="danger">{t('loadFailed')}</Alert>;
  if (!data) return <Spinner animation="border" size="sm" role="status" />;
  if (data.length === 0) return <p className="text-muted">{t('totals.empty')}</p>;
  return (
    <>
      <Table responsive size="sm" className="bg-white align-middle small" data-testid="sales-totals">
        <thead>
          <tr className="text-nowrap">
            <th>{t('totals.license')}</th>
            {showLicensee && <th>{t('filter.licensee')}</th>}
            <th className="text-end">{t('totals.rate')}</th>
            <th className="text-end">{t('totals.earned')}</th>
            <th className="text-end">{t('totals.recouped')}</th>
            <th className="text-end">{t('totals.advanceRemaining')}</th>
            <th className="text-end">{t('totals.payable')}</th>
            <th style={{ minWidth: 160 }}>{t('totals.mgProgress')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((l) => (
            <tr key={l.license} data-testid="sales-totals-row" data-license={l.license}>
              <td>
                <Reference value={l.reference} /> {ips.get(l.ip) ?? ''}
              </td>
              {showLicensee && <td>{orgs.get(l.licensee) ?? '—'}</td>}
              <td className="text-end">{formatRate(l.royalty_rate_bp, lang)}</td>
              <td className="text-end" data-testid="sales-totals-earned">
                {formatMoney(l.earned, l.currency, lang)}
              </td>
              <td className="text-end">{formatMoney(l.recouped, l.currency, lang)}</td>
              <td className="text-end">{formatMoney(l.advanceRemaining, l.currency, lang)}</td>
              <td className="text-end" data-testid="sales-totals-payable">
                {formatMoney(l.payable, l.currency, lang)}
              </td>
              <td>
                <ProgressBar
                  now={l.mgProgressBp / 100}
                  label={formatRate(l.mgProgressBp, lang)}
                  variant={l.mgProgressBp >= 10000 ? 'success' : 'info'}
                  style={{ height: 18 }}
                />
                <div className="text-muted" style={{ fontSize: '0.75rem' }}>
                  {t('totals.mg')}: {formatMoney(l.minimum_guarantee, l.currency, lang)}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p className="text-muted small">{t('totals.help')}</p>
    </>
  );
}
