import { useMemo, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { useFlash } from '@/components/kit/dialogs/use-flash';
import { FlashNotice } from '@/components/kit/shell/FlashNotice';
import { useEntityPages } from '@/components/kit/table/use-entity-pages';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useEntityQuery } from '@/lib/client/entities';
import { PaymentsView } from '../../payments/PaymentsView';
import { InvoiceTable } from '../InvoiceTable';
import type { InvoiceRecord } from '../invoice-api';
import { useInvoiceStep } from '../use-invoice-step';
import { InvoiceDraftForm } from './InvoiceDraftForm';
import { RecordSearch } from '@/components/refs/RecordSearch';

/** The licensee's invoices: build one from a period's approved sales, submit it, download it as PDF. */
export function LicenseeInvoiceView({ title }: ScreenViewProps) {
  const { t } = useTranslation(['invoice', 'flow']);
  const orgs = useEntityQuery<{ key: string; name: string }>('Licensee', { sort: { name: 1 }, limit: 100 });
  const orgList = useMemo(() => orgs.data?.items ?? [], [orgs.data]);
  const [chosen, setChosen] = useState('');
  // Until one is chosen, the first organisation.
  const licensee = chosen || orgList[0]?.key || '';
  const flash = useFlash();

  const [q, setQ] = useState('');
  const query = useMemo(
    () => (licensee ? { filter: { licensee }, ...(q ? { q } : {}), sort: { dateCreated: -1 as const }, limit: 20 } : null),
    [licensee, q],
  );
  const invoices = useEntityPages<InvoiceRecord>('Invoice', query);
  const step = useInvoiceStep(flash, invoices.mutate);
  const created = async () => {
    flash.done(t('create.created'));
    await invoices.mutate();
  };

  return (
    <section data-testid="licensee-invoice">
      <h1 className="h3">{title}</h1>
      {orgs.data && orgList.length === 0 && <Alert variant="info">{t('noOrganisation')}</Alert>}
      <FlashNotice flash={flash.flash} onClose={flash.clear} testId="invoice-flash" />
      <Card className="mb-4">
        <Card.Body>
          <Card.Title as="h2" className="h5">
            {t('create.heading')}
          </Card.Title>
          {orgList.length > 0 && <InvoiceDraftForm organisations={orgList} onLicensee={setChosen} onCreated={created} />}
        </Card.Body>
      </Card>
      <h2 className="h5">{t('list.heading')}</h2>
      <RecordSearch onSearch={setQ} testId="invoice-search" />
      {licensee && (
        <InvoiceTable
          pages={invoices}
          empty={<span data-testid="invoice-empty">{q ? t('list.noMatch') : t('list.empty')}</span>}
          onSubmit={(invoice) =>
            void step.run(invoice, 'submit', {
              title: t('list.submit'),
              confirm: t('list.submitConfirm'),
              done: t('list.submitted'),
              failed: t('list.downloadFailed'),
            })
          }
          onDownloadFailed={() => flash.failed(t('list.downloadFailed'))}
          busy={step.busy}
          moreLabel={t('list.loadMore')}
        />
      )}
      <h2 className="h5 mt-4">{t('payments.ownHeading')}</h2>
      <PaymentsView own />
    </section>
  );
}
