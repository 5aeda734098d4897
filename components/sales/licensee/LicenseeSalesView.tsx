import { useMemo, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { TextField } from '@/components/kit/form/TextField';
import { useFilterForm } from '@/components/kit/form/use-filter-form';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useSWRConfig } from 'swr';
import { useEntityQuery } from '@/lib/client/entities';
import { monthPeriod, previousMonth, type ReportRecord } from '../api';
import { ImportFile } from './ImportFile';
import { TemplateDownload } from './TemplateDownload';
import { ReportForm } from './ReportForm';
import { ReportsList } from '../ReportsList';
import { TotalsTable } from '../TotalsTable';
import { RecordSearch } from '@/components/refs/RecordSearch';

/** Days after a month's end its report is due, as the server counts by default (SALES_REPORT_DUE_DAYS). */
const DEFAULT_DUE_DAYS = 30;

function dueOf(periodEnd: string): string {
  const d = new Date(`${periodEnd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + DEFAULT_DUE_DAYS);
  return d.toISOString().slice(0, 10);
}

/** licensee/sales: report a month's sales by form or file, see the reports and the running totals per license. */
export function LicenseeSalesView({ title }: ScreenViewProps) {
  const { t } = useTranslation('sales');
  const orgs = useEntityQuery<{ key: string; name: string }>('Licensee', { sort: { name: 1 }, limit: 100 });
  const [chosen, setOrg] = useState('');
  const [month, setMonth] = useState(previousMonth());
  const [done, setDone] = useState<ReportRecord | null>(null);
  const [version, setVersion] = useState(0);
  const [q, setQ] = useState('');
  const items = useMemo(() => orgs.data?.items ?? [], [orgs.data]);
  // The first organisation until another is chosen.
  const org = chosen || items[0]?.key || '';
  const period = monthPeriod(month);
  const { mutate } = useSWRConfig();
  const finished = (report: ReportRecord) => {
    setDone(report);
    setVersion((v) => v + 1);
    // Cached pages of reports and rows would otherwise show the list as it was before this report.
    void mutate((key) => Array.isArray(key) && key[0] === 'entity-pages');
  };
  const filter = useMemo(() => (org ? { licensee: org } : null), [org]);
  const choice = useFilterForm({ org, month }, (next) => {
    setOrg(next.org);
    // A cleared month keeps the one reported: there is always a month to report.
    if (next.month) setMonth(next.month);
  });

  return (
    <section data-testid="licensee-sales">
      <h1 className="h3">{title}</h1>
      <p className="text-muted">{t('intro')}</p>
      {!orgs.data && <Spinner animation="border" size="sm" role="status" />}
      {orgs.data && items.length === 0 && <Alert variant="info">{t('noOrganisation')}</Alert>}
      {org && (
        <>
          <Form form={choice} onSubmit={() => undefined} className="row g-2 mb-3" testId="sales-choice">
            {items.length > 1 && (
              <SelectField
                name="org"
                label={t('organisation')}
                className="col-md-4 mb-0"
                options={items.map((o) => ({ value: o.key, label: o.name }))}
                testId="sales-org"
              />
            )}
            <TextField
              name="month"
              type="month"
              label={t('period')}
              help={t('dueHint', { month, due: dueOf(period.period_end) })}
              required
              className="col-md-3 mb-0"
              testId="sales-month"
            />
          </Form>
          <Alert variant="light" className="small border" data-testid="sales-rounding-help">
            {t('roundingHelp')}
          </Alert>
          {done && (
            <Alert variant="success" dismissible onClose={() => setDone(null)} data-testid="sales-success">
              {t('success', {
                rows: done.row_count,
                period: `${done.period_start.slice(0, 10)} – ${done.period_end.slice(0, 10)}`,
              })}
            </Alert>
          )}
          <Tabs defaultActiveKey="file" className="mb-3" mountOnEnter>
            <Tab eventKey="form" title={t('tabs.form')} tabAttrs={{ 'data-testid': 'sales-tab-form' } as object}>
              <ReportForm key={`${org}-${version}`} licensee={org} period={period} onDone={finished} />
            </Tab>
            <Tab eventKey="file" title={t('tabs.file')} tabAttrs={{ 'data-testid': 'sales-tab-file' } as object}>
              <TemplateDownload licensee={org} month={month} />
              <ImportFile key={org} licensee={org} period={period} onDone={finished} />
            </Tab>
          </Tabs>
          <h2 className="h5 mt-4">{t('reports.title')}</h2>
          <RecordSearch onSearch={setQ} testId="sales-report-search" />
          <ReportsList key={`reports-${version}`} filter={filter} q={q} version={version} />
          <h2 className="h5 mt-4">{t('totals.title')}</h2>
          <TotalsTable key={`totals-${version}`} licensee={org} />
        </>
      )}
    </section>
  );
}
