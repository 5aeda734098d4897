import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import type { ScreenViewProps } from '@/components/page/withPage';
import { useShell } from '@/lib/client/settings-context';
import { CHART_IDS } from '@/lib/stats/chart-ids';
import { defaultFilter, StatsError, useStatsChart, type StatsFilter } from './api';
import { StatsCard } from './StatsCard';

const CURRENCIES = ['JPY', 'USD', 'EUR', 'GBP', 'CNY', 'TWD', 'HKD', 'KRW', 'SGD', 'THB'];
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Per-field problems found before asking the server (the server checks the same and more). */
function check(filter: StatsFilter, t: (key: string) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!MONTH.test(filter.from)) errors.from = t('filter.month');
  if (!MONTH.test(filter.to)) errors.to = t('filter.month');
  if (!errors.from && !errors.to && filter.from > filter.to) errors.from = t('filter.fromAfterTo');
  return errors;
}

/** /holder/stats: sales and approval figures as charts, for a period and one currency. */
export function StatsView({ title }: ScreenViewProps) {
  const { t } = useTranslation('stats');
  const { lang } = useShell();
  const [draft, setDraft] = useState<StatsFilter>(() => defaultFilter());
  const [applied, setApplied] = useState<StatsFilter>(draft);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  // The server's per-field answer to the applied filter (every chart shares it; one is asked).
  const { error } = useStatsChart('monthly', applied);
  const errors = { ...(error instanceof StatsError ? (error.errors ?? {}) : {}), ...clientErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(draft, t);
    setClientErrors(found);
    if (Object.keys(found).length === 0) setApplied({ ...draft });
  };

  return (
    <section data-testid="stats-page">
      <h1 className="h3">{title}</h1>
      <p className="text-muted">{t('intro')}</p>
      <Form noValidate onSubmit={submit} className="mb-3" data-testid="stats-filter">
        <Row className="g-2 align-items-start">
          {(['from', 'to'] as const).map((field) => (
            <Col xs={6} md={3} key={field}>
              <Form.Group controlId={`stats-${field}`}>
                <Form.Label className="small mb-1">{t(`filter.${field}`)}</Form.Label>
                <Form.Control
                  type="month"
                  size="sm"
                  value={draft[field]}
                  isInvalid={Boolean(errors[field])}
                  onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
                  data-testid={`stats-${field}`}
                />
                <Form.Control.Feedback type="invalid">{errors[field]}</Form.Control.Feedback>
              </Form.Group>
            </Col>
          ))}
          <Col xs={6} md={2}>
            <Form.Group controlId="stats-currency">
              <Form.Label className="small mb-1">{t('filter.currency')}</Form.Label>
              <Form.Select
                size="sm"
                value={draft.currency}
                isInvalid={Boolean(errors.currency)}
                onChange={(e) => setDraft((d) => ({ ...d, currency: e.target.value }))}
                data-testid="stats-currency"
              >
                {CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.currency}</Form.Control.Feedback>
            </Form.Group>
          </Col>
          <Col xs={6} md={2} className="d-flex align-items-end" style={{ minHeight: 58 }}>
            <Button type="submit" size="sm" data-testid="stats-apply">
              {t('filter.apply')}
            </Button>
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
