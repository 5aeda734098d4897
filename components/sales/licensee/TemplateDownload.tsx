import { useState } from 'react';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { downloadWithToken } from '@/components/invoices/invoice-api';

/** The month's pre-filled sheet (CSV or XLSX): licenses by contract reference, products by SKU; only amounts to type. */
export function TemplateDownload({ licensee, month }: { licensee: string; month: string }) {
  const { t } = useTranslation('sales');
  const { data: session } = useSession();
  const [failed, setFailed] = useState(false);
  const download = async (format: 'csv' | 'xlsx') => {
    const query = new URLSearchParams({ licensee, period: month, format });
    const ok = await downloadWithToken(
      `/api/sales/template?${query}`,
      t('template.fileName', { month, format }),
      session?.accessToken,
    );
    setFailed(!ok);
  };
  return (
    <div className="mb-3" data-testid="sales-template">
      <p className="small mb-1">{t('template.help', { month })}</p>
      <Button
        size="sm"
        variant="outline-primary"
        className="me-2"
        onClick={() => void download('csv')}
        data-testid="sales-template-csv"
      >
        {t('template.csv')}
      </Button>
      <Button size="sm" variant="outline-primary" onClick={() => void download('xlsx')} data-testid="sales-template-xlsx">
        {t('template.xlsx')}
      </Button>
      {failed && (
        <Alert variant="danger" className="mt-2 small">
          {t('template.failed')}
        </Alert>
      )}
    </div>
  );
}
