import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import useSWR from 'swr';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { api } from '@/lib/client/api';

const PERIODS = [7, 30, 90] as const;

/** sys/analytics: the platform's own page-view counts, per day and per screen, with the language split. */
export function AnalyticsView({ title }: ScreenViewProps) {
  const { t, i18n } = useTranslation('analytics');
  const { t: tm } = useTranslation('menu');
  const { data: session } = useSession();
  const token = session?.accessToken;
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const { data, isLoading } = useSWR(token ? ['sys-analytics', days, token] : null, async () => {
    const answer = await api.GET('/api/sys/analytics', { params: { query: { days } }, token });
    return answer?.status === 0 ? answer.data : null;
  });
  const number = (n: number) => n.toLocaleString(i18n.language === 'en' ? 'en-US' : 'ja-JP');
  const busiest = Math.max(1, ...(data?.days.map((d) => d.views) ?? [0]));

  return (
    <section data-testid="sys-analytics">
      <h1 className="h4 mb-3">{title}</h1>
      <p className="text-muted small">{t('intro')}</p>
      <Form.Group controlId="analytics-period" className="mb-3" style={{ maxWidth: 240 }}>
        <Form.Label className="small mb-1">{t('period')}</Form.Label>
        <Form.Select
          size="sm"
          value={days}
          onChange={(e) => setDays(Number(e.target.value) as (typeof PERIODS)[number])}
          data-testid="analytics-period"
        >
          {PERIODS.map((p) => (
            <option key={p} value={p}>
              {t('lastDays', { count: p })}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {isLoading && <Spinner animation="border" size="sm" aria-label={t('loading')} />}
      {data === null && <Alert variant="warning">{t('loadFailed')}</Alert>}
      {data && (
        <>
          <p data-testid="analytics-total">
            {t('total', { from: data.from, to: data.to, count: data.total, views: number(data.total) })}
          </p>
          <h2 className="h6">{t('byPage')}</h2>
          {data.pages.length === 0 ? (
            <p className="text-muted" data-testid="analytics-empty">
              {t('empty')}
            </p>
          ) : (
            <div className="table-responsive mb-4">
              <Table size="sm" striped data-testid="analytics-pages">
                <thead>
                  <tr>
                    <th scope="col">{t('page')}</th>
                    <th scope="col" className="text-end">
                      {t('views')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('jp')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('en')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.pages.map((p) => (
                    <tr key={p.page} data-testid="analytics-page" data-page={p.page}>
                      <td>
                        {tm(p.title)} <span className="text-muted small">{p.page}</span>
                      </td>
                      <td className="text-end" data-testid="analytics-page-views">
                        {number(p.views)}
                      </td>
                      <td className="text-end">{number(p.jp)}</td>
                      <td className="text-end">{number(p.en)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
          <h2 className="h6">{t('byDay')}</h2>
          <div className="table-responsive">
            <Table size="sm" data-testid="analytics-days">
              <caption className="visually-hidden">{t('byDay')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('day')}</th>
                  <th scope="col" className="text-end">
                    {t('views')}
                  </th>
                  <th scope="col" aria-hidden className="w-50" />
                </tr>
              </thead>
              <tbody>
                {[...data.days].reverse().map((d) => (
                  <tr key={d.day}>
                    <td className="text-nowrap">{d.day}</td>
                    <td className="text-end">{number(d.views)}</td>
                    <td aria-hidden>
                      <div className="bg-primary rounded" style={{ height: 8, width: `${(d.views / busiest) * 100}%` }} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </>
      )}
    </section>
  );
}
