import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import useSWR from 'swr';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { useLiveFilter } from '@/components/kit/form/use-live-filter';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import { api, type AnswerData } from '@/lib/client/api';
import { useShell } from '@/lib/client/settings-context';

const PERIODS = ['7', '30', '90'] as const;

type Report = AnswerData<'/api/sys/analytics', 'get'>;
type PageRow = Report['pages'][number];
type DayRow = Report['days'][number];

/** sys/analytics: the platform's own page-view counts, per day and per screen, with the language split. */
export function AnalyticsView({ title }: ScreenViewProps) {
  const { t } = useTranslation('analytics');
  const { t: tm } = useTranslation('menu');
  const { lang } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  const form = useSchemaForm<{ days: string }>(
    () => import('@/lib/server/analytics/report-input').then((m) => m.pageViewReportInput),
    { days: '30' },
  );
  const days = Number(useLiveFilter(form).days);
  const { data, error, mutate } = useSWR(token ? ['sys-analytics', days, token] : null, async () => {
    const answer = await api.GET('/api/sys/analytics', { params: { query: { days } }, token });
    return answer?.status === 0 ? answer.data : null;
  });
  const busiest = Math.max(1, ...(data?.days.map((d) => d.views) ?? [0]));
  const failed = data === null || Boolean(error);
  const shared = { lang, error: failed, onRetry: () => void mutate() };

  const pageColumns = [
    column<PageRow>('page', t('page'), (p) => `${tm(p.title)} ${p.page}`, {
      hideable: false,
      render: (p) => (
        <>
          {tm(p.title)} <span className="text-muted small">{p.page}</span>
        </>
      ),
    }),
    column<PageRow>('views', t('views'), (p) => p.views, { kind: 'count', testId: 'analytics-page-views', sortable: true }),
    column<PageRow>('jp', t('jp'), (p) => p.jp, { kind: 'count', sortable: true }),
    column<PageRow>('en', t('en'), (p) => p.en, { kind: 'count', sortable: true }),
  ];
  const dayColumns = [
    column<DayRow>('day', t('day'), (d) => d.day, { hideable: false }),
    column<DayRow>('views', t('views'), (d) => d.views, {
      kind: 'count',
      render: (d) => (
        <div className="d-flex align-items-center justify-content-md-end gap-2">
          <div className="flex-grow-1" aria-hidden="true" style={{ maxWidth: 240 }}>
            <div className="bg-primary rounded" style={{ height: 8, width: `${(d.views / busiest) * 100}%` }} />
          </div>
          <span>{d.views.toLocaleString(lang === 'en' ? 'en-US' : 'ja-JP')}</span>
        </div>
      ),
    }),
  ];

  return (
    <section data-testid="sys-analytics">
      <h1 className="h4 mb-3">{title}</h1>
      <p className="text-muted small">{t('intro')}</p>
      <Form form={form} onSubmit={() => undefined} className="mb-3" testId="analytics-filter">
        <div style={{ maxWidth: 240 }}>
          <SelectField
            name="days"
            label={t('period')}
            options={PERIODS.map((p) => ({ value: p, label: t('lastDays', { count: Number(p) }) }))}
            testId="analytics-period"
          />
        </div>
      </Form>
      {data && (
        <p data-testid="analytics-total">
          {t('total', {
            from: data.from,
            to: data.to,
            count: data.total,
            views: data.total.toLocaleString(lang === 'en' ? 'en-US' : 'ja-JP'),
          })}
        </p>
      )}
      <h2 className="h6">{t('byPage')}</h2>
      <DataTable
        {...shared}
        columns={pageColumns}
        rows={data?.pages}
        caption={t('byPage')}
        testId="analytics-pages"
        getRowId={(p) => p.page}
        rowProps={(p) => ({ 'data-testid': 'analytics-page', 'data-page': p.page })}
        empty={{ message: <span data-testid="analytics-empty">{t('empty')}</span> }}
        initialSorting={[{ id: 'views', desc: true }]}
        csvName="page-views.csv"
      />
      <h2 className="h6 mt-4">{t('byDay')}</h2>
      <DataTable
        {...shared}
        columns={dayColumns}
        rows={data ? [...data.days].reverse() : undefined}
        caption={t('byDay')}
        testId="analytics-days"
        getRowId={(d) => d.day}
        empty={{ message: t('empty') }}
        csvName="page-views-by-day.csv"
      />
    </section>
  );
}
