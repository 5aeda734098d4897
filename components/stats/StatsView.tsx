import { useTranslation } from 'next-i18next/pages';
import { useEffect, useState } from 'react';
import { Col, Row } from 'react-bootstrap';
import { Form } from '@/components/kit/form/Form';
import { MonthField } from '@/components/kit/form/MonthField';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { monthOrder } from '@/components/kit/form/checks';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useShell } from '@/lib/client/settings-context';
import { CHART_IDS } from '@/lib/stats/chart-ids';
import { defaultFilter, StatsError, useStatsChart, type StatsFilter } from './api';
import { StatsCard } from './StatsCard';

const CURRENCIES = ['JPY', 'USD', 'EUR', 'GBP', 'CNY', 'TWD', 'HKD', 'KRW', 'SGD', 'THB'];

/** /holder/stats: sales and approval figures as charts, for a period and one currency. */
export function StatsView({ title }: ScreenViewProps) {
  const { t } = useTranslation('stats');
  const { lang } = useShell();
  const form = useSchemaForm<StatsFilter>(
    () => import('@/lib/server/stats/inputs').then((m) => m.statsQueryInput),
    defaultFilter(),
    monthOrder<StatsFilter>('from', 'to'),
  );
  const [applied, setApplied] = useState<StatsFilter>(() => defaultFilter());
  // The server's per-field answer to the applied filter (every chart shares it; one is asked).
  const { error } = useStatsChart('monthly', applied);
  useEffect(() => {
    if (error instanceof StatsError && error.errors) showServerErrors(form, error.errors, t('filter.failed'));
  }, [error, form, t]);
  const thisYear = Number(defaultFilter().to.slice(0, 4));

  return (
    <section data-testid="stats-page">
      <h1 className="h3">{title}</h1>
      <p className="text-muted">{t('intro')}</p>
      <Form form={form} onSubmit={(values) => setApplied({ ...values })} className="mb-3" testId="stats-filter">
        <Row className="g-2 align-items-start">
          <Col xs={12} md={4}>
            <MonthField
              name="from"
              label={t('filter.from')}
              years={[thisYear - 10, thisYear]}
              className="mb-0"
              testId="stats-from"
            />
          </Col>
          <Col xs={12} md={4}>
            <MonthField name="to" label={t('filter.to')} years={[thisYear - 10, thisYear]} className="mb-0" testId="stats-to" />
          </Col>
          <Col xs={6} md={2}>
            <SelectField
              name="currency"
              label={t('filter.currency')}
              options={CURRENCIES.map((c) => ({ value: c, label: c }))}
              className="mb-0"
              testId="stats-currency"
            />
          </Col>
          <Col xs={6} md={2} className="d-flex align-items-end" style={{ minHeight: 70 }}>
            <SubmitButton testId="stats-apply">{t('filter.apply')}</SubmitButton>
          </Col>
        </Row>
      </Form>
      <p className="small text-muted" data-testid="stats-period">
        {t('period', { from: applied.from, to: applied.to })} · {applied.currency}
      </p>
      <Row className="g-3">
        {CHART_IDS.map((chart) => (
          <Col lg={chart === 'monthly' || chart === 'steps' ? 12 : 6} key={chart}>
            <StatsCard chart={chart} filter={applied} lang={lang} />
          </Col>
        ))}
      </Row>
      <p className="small text-muted mt-4" data-testid="stats-footnote">
        {t('footnote')}
      </p>
    </section>
  );
}
