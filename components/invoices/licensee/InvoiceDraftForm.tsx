import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { DateField } from '@/components/kit/form/TextField';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import { CURRENCIES } from '@/lib/format/money';
import { InvoiceBreakdownTable } from '../InvoiceBreakdownTable';
import { createInvoice, previewInvoice, type DraftInput, type InvoiceBreakdown } from '../invoice-api';

interface DraftValues {
  licensee: string;
  period_start: string;
  period_end: string;
  currency: string;
}

/** From the first of January to today: the period usually invoiced so far this year. */
function defaultPeriod(): { start: string; end: string } {
  const now = new Date();
  return { start: `${now.getUTCFullYear()}-01-01`, end: now.toISOString().slice(0, 10) };
}

/**
 * An invoice built from a period's approved sales: its breakdown shown first if wished, then
 * created as a draft. Checked with the schema the invoice routes parse with.
 */
export function InvoiceDraftForm({
  organisations,
  onLicensee,
  onCreated,
}: {
  organisations: readonly { key: string; name: string }[];
  /** The organisation chosen: the page lists its invoices. */
  onLicensee(key: string): void;
  onCreated(): Promise<unknown>;
}) {
  const { t } = useTranslation(['invoice', 'flow']);
  const { data: session } = useSession();
  const token = session?.accessToken;
  const [shown, setShown] = useState<{ kind: 'preview' | 'created'; breakdown: InvoiceBreakdown } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const { start, end } = defaultPeriod();
  const form = useSchemaForm<DraftValues>(
    () => import('@/lib/server/invoices/invoice-input').then((m) => m.invoiceDraftInput),
    // Until one is chosen, the first organisation.
    { licensee: organisations[0]?.key ?? '', period_start: start, period_end: end, currency: '' },
  );

  const licensee = useWatch({ control: form.control, name: 'licensee' });
  useEffect(() => onLicensee(licensee), [licensee, onLicensee]);

  // What was typed, not the schema's output (dates stay the days chosen); an automatic currency is left out.
  const input = (): DraftInput => {
    const values = form.getValues();
    return { ...values, currency: values.currency || undefined };
  };

  const preview = form.handleSubmit(async () => {
    setPreviewing(true);
    const answer = await previewInvoice(input(), token);
    setPreviewing(false);
    if (answer.ok && answer.data) setShown({ kind: 'preview', breakdown: answer.data });
    else {
      setShown(null);
      showServerErrors(form, answer.errors, t('loadFailed'));
    }
  });

  const create = async () => {
    const answer = await createInvoice(input(), token);
    if (answer.ok && answer.data) {
      setShown({ kind: 'created', breakdown: answer.data.breakdown });
      await onCreated();
    } else showServerErrors(form, answer.errors, t('loadFailed'));
  };

  const cell = 'col-md-3 mb-2';
  return (
    <>
      <Form form={form} onSubmit={create} testId="invoice-form">
        <div className="row">
          <SelectField
            name="licensee"
            label={t('create.organisation')}
            required
            className={cell}
            options={organisations.map((o) => ({ value: o.key, label: o.name }))}
            testId="invoice-licensee"
          />
          <DateField
            name="period_start"
            label={t('create.periodStart')}
            required
            className={cell}
            testId="invoice-period-start"
          />
          <DateField name="period_end" label={t('create.periodEnd')} required className={cell} testId="invoice-period-end" />
          <SelectField
            name="currency"
            label={t('create.currency')}
            help={t('create.currencyHelp')}
            className={cell}
            placeholder={t('create.anyCurrency')}
            options={CURRENCIES.map((c) => ({ value: c, label: c }))}
            testId="invoice-currency"
          />
        </div>
        <div className="d-flex gap-2 mt-2 mb-2">
          <Button
            variant="outline-secondary"
            onClick={() => void preview()}
            disabled={previewing || form.formState.isSubmitting}
            data-testid="invoice-preview"
          >
            {previewing && <Spinner animation="border" size="sm" className="me-1" />}
            {t('create.preview')}
          </Button>
          <SubmitButton disabled={previewing} testId="invoice-create">
            {t('create.create')}
          </SubmitButton>
        </div>
      </Form>
      {shown && (
        <div className="mt-3" data-testid={`invoice-${shown.kind}`}>
          <h3 className="h6">{shown.kind === 'preview' ? t('create.previewHeading') : t('create.createdHeading')}</h3>
          <InvoiceBreakdownTable breakdown={shown.breakdown} />
        </div>
      )}
    </>
  );
}
