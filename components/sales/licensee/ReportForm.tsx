import { useEffect, useMemo, useState } from 'react';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useFieldArray, useWatch, type Path } from 'react-hook-form';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import { api } from '@/lib/client/api';
import { useNames } from '@/components/kit/format/use-names';
import { useEntityQuery } from '@/lib/client/entities';
import type { ReportRecord, ReportSourceProps, RowErrors } from '../api';
import { RefusedRows } from './RefusedRows';

interface License {
  key: string;
  reference: string;
  ip: string;
  territory: string[];
  currency: string;
  state: string;
}
interface Product {
  key: string;
  name: string;
  sku: string;
  license: string;
}

interface Line {
  license: string;
  product: string;
  territory: string;
  units: string;
  gross_sales: string;
  net_sales: string;
}
interface ReportValues {
  rows: Line[];
}

const EMPTY: Line = { license: '', product: '', territory: '', units: '', gross_sales: '', net_sales: '' };
const FIELDS = new Set<string>(Object.keys(EMPTY));
/** The typed amounts of a line: field, label and the keyboard phones offer. */
const AMOUNTS = [
  ['units', 'form.units', 'numeric'],
  ['gross_sales', 'form.gross', 'decimal'],
  ['net_sales', 'form.net', 'decimal'],
] as const;

/** One line of the report: license, product, territory, units and amounts, in the license's currency. */
function ReportLine({
  index,
  licenses,
  products,
  ipName,
  onRemove,
}: {
  index: number;
  licenses: License[];
  products: Product[];
  ipName: (key: string) => string;
  onRemove?: () => void;
}) {
  const { t } = useTranslation('sales');
  const chosen = useWatch<ReportValues>({ name: `rows.${index}.license` }) as string;
  const license = licenses.find((l) => l.key === chosen);
  const wide = 'col-12 col-md-6 col-xl-4 mb-0';
  // Each choice narrows the next: a license's own approved products and territories.
  const selects = [
    {
      field: 'license',
      className: wide,
      options: licenses.map((l) => ({ value: l.key, label: [l.reference, ipName(l.ip)].filter(Boolean).join(' ') })),
    },
    {
      field: 'product',
      className: wide,
      options: products.filter((p) => p.license === chosen).map((p) => ({ value: p.key, label: `${p.name} (${p.sku})` })),
    },
    {
      field: 'territory',
      className: 'col-6 col-md-4 col-xl-4 mb-0',
      options: (license?.territory ?? []).map((code) => ({ value: code, label: code })),
    },
  ] as const;
  return (
    <fieldset className="border rounded p-2 mb-2" data-testid="sales-form-row">
      <legend className="fs-6 float-none w-auto px-1 mb-0">{t('form.line', { n: index + 1 })}</legend>
      <div className="row g-2 align-items-start">
        {selects.map((select) => (
          <SelectField
            key={select.field}
            name={`rows.${index}.${select.field}`}
            label={t(`form.${select.field}`)}
            required
            className={select.className}
            placeholder={t('form.choose')}
            options={select.options}
            testId={`sales-form-${select.field}`}
          />
        ))}
        {AMOUNTS.map(([field, label, inputMode]) => (
          <TextField
            key={field}
            name={`rows.${index}.${field}`}
            label={t(label)}
            required
            inputMode={inputMode}
            className="col-6 col-md-4 col-xl-2 mb-0"
            testId={`sales-form-${field}`}
          />
        ))}
        <div className="col-6 col-md-4 col-xl-2 align-self-end d-flex align-items-center gap-2">
          {license && (
            <span className="small text-muted">
              {t('form.currency')}: {license.currency}
            </span>
          )}
          <Button
            size="sm"
            variant="outline-secondary"
            className="ms-auto"
            disabled={!onRemove}
            onClick={onRemove}
            aria-label={t('form.removeLine', { n: index + 1 })}
          >
            ×
          </Button>
        </div>
      </div>
    </fieldset>
  );
}

/** Rows typed in, sent as one report (POST /api/sales/report); refused rows are shown under their fields. */
export function ReportForm({ licensee, period, onDone }: ReportSourceProps) {
  const { t } = useTranslation('sales');
  const { data: session } = useSession();
  const [refusal, setRefusal] = useState<{ errors: RowErrors; refused?: number } | null>(null);
  const [failure, setFailure] = useState('');
  const form = useSchemaForm<ReportValues>(
    () => import('@/lib/server/sales/input').then((m) => m.reportInput.pick({ rows: true })),
    { rows: [{ ...EMPTY }] },
  );
  const lines = useFieldArray({ control: form.control, name: 'rows' });
  const licenses = useEntityQuery<License>('License', {
    filter: { licensee, state: { $in: ['active', 'expired'] } },
    limit: 200,
  });
  const items = useMemo(() => licenses.data?.items ?? [], [licenses.data]);
  const licenseKeys = useMemo(() => items.map((l) => l.key), [items]);
  const products = useEntityQuery<Product>(
    'Product',
    licenseKeys.length ? { filter: { license: { $in: licenseKeys }, state: 'approved' }, limit: 500 } : null,
  );
  const ipNames = useNames(
    'IP',
    useMemo(() => items.map((l) => l.ip), [items]),
  );
  const ipName = (key: string) => ipNames.get(key) ?? '';

  // Another license has other products and territories: what was chosen for the old one goes.
  useEffect(() => {
    const { subscribe, setValue } = form;
    return subscribe({
      formState: { values: true },
      callback: ({ name, type }) => {
        const line = /^rows\.(\d+)\.license$/.exec(name ?? '')?.[1];
        if (line === undefined || type !== 'change') return;
        setValue(`rows.${Number(line)}.product`, '');
        setValue(`rows.${Number(line)}.territory`, '');
      },
    });
  }, [form]);

  const submit = async ({ rows }: ReportValues) => {
    setRefusal(null);
    setFailure('');
    const answer = await api.POST('/api/sales/report', {
      token: session?.accessToken,
      body: { licensee, ...period, rows },
    });
    if (answer?.status === 0) {
      form.reset({ rows: [{ ...EMPTY }] });
      // The page keeps the report's fields it shows; the spec's record has them all.
      onDone(answer.data as ReportRecord);
      return;
    }
    // A refusal's data is the error envelope's: rows by "row N" with their fields' messages.
    const refused = answer?.data as { errors?: Record<string, unknown>; refused?: number } | undefined;
    const errors = refused?.errors;
    if (answer?.status === 15 && errors) {
      const byRow = errors as RowErrors;
      for (const [row, fields] of Object.entries(byRow)) {
        const index = Number(/^row (\d+)$/.exec(row)?.[1]) - 1;
        if (!(index >= 0)) continue;
        for (const [field, message] of Object.entries(fields)) {
          // A period the license does not cover is the license's problem on that line.
          const at = field === 'period' ? 'license' : field;
          if (FIELDS.has(at)) form.setError(`rows.${index}.${at}` as Path<ReportValues>, { type: 'server', message });
        }
      }
      setRefusal({ errors: byRow, refused: refused.refused });
      return;
    }
    setFailure(errors ? Object.values(errors).map(String).join(' ') : t('failed'));
  };

  if (licenses.data && items.length === 0) return <Alert variant="info">{t('form.noLicenses')}</Alert>;
  return (
    <Form form={form} onSubmit={submit} testId="sales-form">
      {lines.fields.map((line, index) => (
        <ReportLine
          key={line.id}
          index={index}
          licenses={items}
          products={products.data?.items ?? []}
          ipName={ipName}
          onRemove={lines.fields.length > 1 ? () => lines.remove(index) : undefined}
        />
      ))}
      <p className="small text-muted">{t('form.amountHint')}</p>
      {refusal && <RefusedRows errors={refusal.errors} refused={refusal.refused} />}
      {failure && (
        <Alert variant="danger" data-testid="sales-form-failed">
          {failure}
        </Alert>
      )}
      <div className="d-flex gap-2">
        <Button variant="outline-secondary" size="sm" onClick={() => lines.append({ ...EMPTY })}>
          {t('form.addRow')}
        </Button>
        <SubmitButton testId="sales-form-submit">{t('form.submit')}</SubmitButton>
      </div>
    </Form>
  );
}
