import Link from 'next/link';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import Spinner from 'react-bootstrap/Spinner';
import useSWR from 'swr';
import { api } from '@/lib/client/api';
import { useShell } from '@/lib/client/settings-context';
import { formatJpyRate, formatMoney } from '@/lib/format/money';
import type { InvoiceJpy } from '@/lib/server/invoices/invoice-jpy';
import type { InvoiceRecord } from './invoice-api';

/** Yen amounts of the listed invoices in other currencies, converted on the server as the bill converts. */
export function useInvoicesInJpy(items: InvoiceRecord[], enabled: boolean): Map<string, InvoiceJpy> | undefined {
  const { data: session } = useSession();
  const token = session?.accessToken;
  const keys = enabled ? items.filter((i) => i.currency !== 'JPY').map((i) => i.key) : [];
  const answer = useSWR(token && keys.length ? ['invoice-jpy', keys.join(','), token] : null, async () => {
    const result = await api.GET('/api/invoice/jpy', { params: { query: { keys: keys.join(',') } }, token });
    return result?.status === 0 ? result.data : null;
  });
  if (answer.data === undefined) return undefined;
  return new Map((answer.data?.invoices ?? []).map((i) => [i.invoice, i]));
}

/** An invoice's amount in yen with the rate used, or why there is none and where to record it. */
export function InvoiceInYen({
  invoice,
  converted,
}: {
  invoice: InvoiceRecord;
  /** Undefined while the conversions are asked for. */
  converted: Map<string, InvoiceJpy> | undefined;
}) {
  const { t } = useTranslation('holder-admin');
  const { lang } = useShell();
  if (invoice.currency === 'JPY') return <>{formatMoney(invoice.amount, 'JPY', lang)}</>;
  if (!converted) return <Spinner animation="border" size="sm" />;
  const found = converted.get(invoice.key);
  if (!found) return <>—</>;
  const { jpy, currency } = found;
  if (jpy.amount === null || jpy.rate_micro === null) {
    return (
      <span className="small" data-testid="invoice-jpy-missing">
        <span className="text-danger">{t('sales.rateMissing', { currency, month: jpy.month })}</span>{' '}
        <Link
          href={`/${lang}/holder/sales?rate=${encodeURIComponent(currency)}&month=${jpy.month}`}
          data-testid="invoice-record-rate"
        >
          {t('sales.recordRate')}
        </Link>
      </span>
    );
  }
  return (
    <>
      <span data-testid="invoice-jpy">{formatMoney(jpy.amount, 'JPY', lang)}</span>
      <div className="small text-muted" data-testid="invoice-rate">
        {t('sales.rateUsed', { currency, rate: formatJpyRate(jpy.rate_micro, lang), month: jpy.month })}
      </div>
    </>
  );
}
