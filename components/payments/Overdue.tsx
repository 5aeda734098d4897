import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'next-i18next/pages';
import { formatMoney } from '@/lib/format/money';
import { useShell } from '@/lib/client/settings-context';

/** An overdue amount with its age, or a dash. */
export function Overdue({ amount, days, currency }: { amount: number; days: number; currency: string }) {
  const { t } = useTranslation('invoice');
  const { lang } = useShell();
  if (amount <= 0) return <>—</>;
  return (
    <>
      {formatMoney(amount, currency, lang)} <Badge bg="danger">{t('payments.overdueDays', { count: days })}</Badge>
    </>
  );
}
