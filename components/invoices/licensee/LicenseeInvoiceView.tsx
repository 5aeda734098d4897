import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import { useEntityPages } from '@/components/kit/table/use-entity-pages';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useEntityQuery } from '@/lib/client/entities';
import { takeStep } from '@/lib/client/flow';
import { InvoiceBreakdownTable } from '../InvoiceBreakdownTable';
import { PaymentsView } from '../../payments/PaymentsView';
import { InvoiceTable } from '../InvoiceTable';
import { createInvoice, previewInvoice, type DraftInput, type InvoiceBreakdown, type InvoiceRecord } from '../invoice-api';
import { RecordSearch } from '@/components/refs/RecordSearch';

const CURRENCIES = ['', 'JPY', 'USD', 'EUR', 'GBP', 'CNY', 'KRW', 'TWD', 'HKD'];

type Flash = { variant: 'success' | 'danger'; text: string } | null;

function defaultPeriod(): { start: string; end: string } {
  const now = new Date();
  return { start: `${now.getUTCFullYear()}-01-01`, end: now.toISOString().slice(0, 10) };
}

/** The licensee's invoices: build one from a period's approved sales, submit it, download it as PDF. */
export function LicenseeInvoiceView({ title }: ScreenViewProps) {
  const { t } = useTranslation(['invoice', 'flow']);
  const { data: session } = useSession();
  const token = session?.accessToken;
  const dialogs = useDialogs();
  const orgs = useEntityQuery<{ key: string; name: string }>('Licensee', { sort: { name: 1 }, limit: 100 });
  const [form, setForm] = useState<DraftInput>(() => {
    const { start, end } = defaultPeriod();
    return { licensee: '', period_start: start, period_end: end, currency: '' };
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<'preview' | 'create' | null>(null);
  const [shown, setShown] = useState<{ kind: 'preview' | 'created'; breakdown: InvoiceBreakdown } | null>(null);
  const [flash, setFlash] = useState<Flash>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const orgList = useMemo(() => orgs.data?.items ?? [], [orgs.data]);
  // Until one is chosen, the first organisation.
  const licensee = form.licensee || orgList[0]?.key || '';

  const [q, setQ] = useState('');
  const query = useMemo(
    () => (licensee ? { filter: { licensee }, ...(q ? { q } : {}), sort: { dateCreated: -1 as const }, limit: 20 } : null),
    [licensee, q],
  );
  const invoices = useEntityPages<InvoiceRecord>('Invoice', query);

  const set = (field: keyof DraftInput) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };

  const input = (): DraftInput => ({ ...form, licensee, currency: form.currency || undefined });

  const run = async (kind: 'preview' | 'create') => {
    setPending(kind);
    setFlash(null);
    setErrors({});
    if (kind === 'preview') {
      const answer = await previewInvoice(input(), token);
      if (answer.ok && answer.data) setShown({ kind: 'preview', breakdown: answer.data });
      else {
        setShown(null);
        setErrors(answer.errors);
        if (Object.keys(answer.errors).length === 0) setFlash({ variant: 'danger', text: t('loadFailed') });
      }
    } else {
      const answer = await createInvoice(input(), token);
      if (answer.ok && answer.data) {
        setShown({ kind: 'created', breakdown: answer.data.breakdown });
        setFlash({ variant: 'success', text: t('create.created') });
        await invoices.mutate();
      } else {
        setErrors(answer.errors);
        if (Object.keys(answer.errors).length === 0) setFlash({ variant: 'danger', text: t('loadFailed') });
      }
    }
    setPending(null);
  };

  const onSubmitForm = (event: FormEvent) => {
    event.preventDefault();
    void run('create');
  };

  const submitInvoice = async (invoice: InvoiceRecord) => {
    if (!(await dialogs.confirm(t('list.submit'), t('list.submitConfirm')))) return;
    setBusy(invoice.key);
    const answer = await takeStep('Invoice', invoice.key, 'submit', undefined, token);
    setBusy(null);
    setFlash(
      answer.status === 0
        ? { variant: 'success', text: t('list.submitted') }
        : { variant: 'danger', text: answer.message ?? Object.values(answer.errors)[0] ?? t('list.downloadFailed') },
    );
    await invoices.mutate();
  };

  const field = (name: keyof DraftInput, label: string, control: ReactNode) => (
    <Form.Group as={Col} md={3} controlId={`invoice-${name}`} className="mb-2">
      <Form.Label>{label}</Form.Label>
      {control}
      <Form.Control.Feedback
        type="invalid"
        className={errors[name] ? 'd-block' : undefined}
        data-testid={`invoice-error-${name}`}
      >
        {errors[name]}
      </Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <section data-testid="licensee-invoice">
      <h1 className="h3">{title}</h1>
      {orgs.data && orgList.length === 0 && <Alert variant="info">{t('noOrganisation')}</Alert>}
      {flash && (
        <Alert variant={flash.variant} dismissible onClose={() => setFlash(null)} data-testid="invoice-flash">
          {flash.text}
        </Alert>
      )}
      <Card className="mb-4">
        <Card.Body>
          <Card.Title as="h2" className="h5">
            {t('create.heading')}
          </Card.Title>
          <Form noValidate onSubmit={onSubmitForm} data-testid="invoice-form">
            <Row>
              {field(
                'licensee',
                t('create.organisation'),
                <Form.Select
                  value={licensee}
                  onChange={(e) => set('licensee')(e.target.value)}
                  isInvalid={!!errors.licensee}
                  data-testid="invoice-licensee"
                >
                  {orgList.map((o) => (
                    <option key={o.key} value={o.key}>
                      {o.name}
                    </option>
                  ))}
                </Form.Select>,
              )}
              {field(
                'period_start',
                t('create.periodStart'),
                <Form.Control
                  type="date"
                  value={form.period_start}
                  onChange={(e) => set('period_start')(e.target.value)}
                  isInvalid={!!errors.period_start}
                  required
                  data-testid="invoice-period-start"
                />,
              )}
              {field(
                'period_end',
                t('create.periodEnd'),
                <Form.Control
                  type="date"
                  value={form.period_end}
                  onChange={(e) => set('period_end')(e.target.value)}
                  isInvalid={!!errors.period_end}
                  required
                  data-testid="invoice-period-end"
                />,
              )}
              {field(
                'currency',
                t('create.currency'),
                <Form.Select
                  value={form.currency}
                  onChange={(e) => set('currency')(e.target.value)}
                  isInvalid={!!errors.currency}
                  data-testid="invoice-currency"
                >
                  {CURRENCIES.map((c) => (
                    <option key={c} value={c}>
                      {c || t('create.anyCurrency')}
                    </option>
                  ))}
                </Form.Select>,
              )}
            </Row>
            <div className="d-flex gap-2 mt-2">
              <Button
                variant="outline-secondary"
                onClick={() => void run('preview')}
                disabled={!!pending || !licensee}
                data-testid="invoice-preview"
              >
                {pending === 'preview' && <Spinner animation="border" size="sm" className="me-1" />}
                {t('create.preview')}
              </Button>
              <Button type="submit" disabled={!!pending || !licensee} data-testid="invoice-create">
                {pending === 'create' && <Spinner animation="border" size="sm" className="me-1" />}
                {t('create.create')}
              </Button>
            </div>
          </Form>
          {shown && (
            <div className="mt-3" data-testid={`invoice-${shown.kind}`}>
              <h3 className="h6">{shown.kind === 'preview' ? t('create.previewHeading') : t('create.createdHeading')}</h3>
              <InvoiceBreakdownTable breakdown={shown.breakdown} />
            </div>
          )}
        </Card.Body>
      </Card>
      <h2 className="h5">{t('list.heading')}</h2>
      <RecordSearch onSearch={setQ} testId="invoice-search" />
      {!invoices.ready && licensee ? (
        <Spinner animation="border" size="sm" role="status" />
      ) : invoices.items.length === 0 ? (
        <p className="text-muted" data-testid="invoice-empty">
          {t('list.empty')}
        </p>
      ) : (
        <InvoiceTable
          items={invoices.items}
          onSubmit={(i) => void submitInvoice(i)}
          onDownloadFailed={() => setFlash({ variant: 'danger', text: t('list.downloadFailed') })}
          busy={busy}
        />
      )}
      {invoices.hasMore && (
        <Button variant="outline-secondary" size="sm" onClick={invoices.loadMore} disabled={invoices.loadingMore}>
          {t('list.loadMore')}
        </Button>
      )}
      <h2 className="h5 mt-4">{t('payments.ownHeading')}</h2>
      <PaymentsView own />
    </section>
  );
}
