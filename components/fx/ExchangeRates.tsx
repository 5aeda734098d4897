import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import useSWR, { useSWRConfig } from 'swr';
import { useFlash } from '@/components/kit/dialogs/use-flash';
import { FlashNotice } from '@/components/kit/shell/FlashNotice';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import { swrTableProps } from '@/components/kit/table/swr-table-props';
import { formatJpyRate } from '@/lib/format/money';
import { formatJapanTime } from '@/lib/format/time';
import { api } from '@/lib/client/api';
import { useShell } from '@/lib/client/settings-context';
import type { ExchangeRate } from '@/lib/server/fx/rates';
import { RateForm, type RateRequest } from './RateForm';

export type { RateRequest };

/**
 * The exchange rates the bill converts at: per currency and month the yen value of one unit, with
 * the rates it replaced; the finance approvers record or correct one here.
 */
export function ExchangeRates({ request }: { request: RateRequest | null }) {
  const { t } = useTranslation('holder-admin');
  const { lang } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  const { mutate } = useSWRConfig();
  const rates = useSWR(token ? ['exchange-rates', token] : null, async () => {
    const answer = await api.GET('/api/sales/rates', { token });
    return answer?.status === 0 ? answer.data : null;
  });
  const { flash, done, clear } = useFlash();
  const data = rates.data ?? undefined;

  const recorded = async (rate: ExchangeRate) => {
    done(t('sales.rateSaved', { currency: rate.currency, month: rate.month, rate: formatJpyRate(rate.rate_micro, lang) }));
    await rates.mutate();
    // The bill reads the new rate next time it is shown.
    await mutate((key) => Array.isArray(key) && key[0] === 'sales-bill');
  };

  const columns = [
    column<ExchangeRate>('month', t('sales.rateMonth'), (r) => r.month, { sortable: true, hideable: false }),
    column<ExchangeRate>('currency', t('sales.rateCurrency'), (r) => r.currency, { sortable: true }),
    column<ExchangeRate>('rate', t('sales.rateValue'), (r) => formatJpyRate(r.rate_micro, lang), {
      kind: 'number',
      testId: 'rate-value',
    }),
    column<ExchangeRate>('recorded', t('sales.rateRecordedAt'), (r) => formatJapanTime(r.recorded_at, lang)),
    column<ExchangeRate>(
      'history',
      t('sales.rateHistory'),
      (r) =>
        r.history.map((h) => `${formatJpyRate(h.rate_micro, lang)} (${formatJapanTime(h.recorded_at, lang)})`).join(', ') || '—',
    ),
  ];

  return (
    <section data-testid="exchange-rates">
      <h2 className="h5">{t('sales.ratesTitle')}</h2>
      <p className="small text-muted">{t('sales.ratesHelp')}</p>
      <FlashNotice flash={flash} onClose={clear} testId="rate-flash" />
      {data?.may_record ? (
        <RateForm request={request} onRecorded={(rate) => void recorded(rate)} />
      ) : data ? (
        <p className="small text-muted" data-testid="rate-read-only">
          {t('sales.rateReadOnly')}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        {...swrTableProps(rates, (answer) => answer.rates)}
        lang={lang}
        caption={t('sales.ratesTitle')}
        testId="rates-table"
        getRowId={(r) => `${r.currency}-${r.month}`}
        rowProps={(r) => ({ 'data-testid': 'rate-row', 'data-currency': r.currency, 'data-month': r.month })}
        empty={{
          message: (
            <span data-testid="rates-empty">{data?.may_record ? t('sales.ratesEmptyRecord') : t('sales.ratesEmpty')}</span>
          ),
        }}
        csvName="exchange-rates.csv"
        skeletonRows={3}
      />
    </section>
  );
}
