import { useMemo, useState } from 'react';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { api } from '@/lib/client/api';
import { useEntityQuery } from '@/lib/client/entities';
import type { ReportRecord, RowErrors } from '../api';
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

const EMPTY: Line = { license: '', product: '', territory: '', units: '', gross_sales: '', net_sales: '' };

/** Rows typed in, sent as one report (POST /api/sales/report); refused rows are shown under their fields. */
export function ReportForm({
  licensee,
  period,
  onDone,
}: {
  licensee: string;
  period: { period_start: string; period_end: string };
  onDone: (report: ReportRecord) => void;
}) {
  const { t } = useTranslation('sales');
  const { data: session } = useSession();
  const [lines, setLines] = useState<Line[]>([{ ...EMPTY }]);
  const [pending, setPending] = useState(false);
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const [refused, setRefused] = useState<number | undefined>();
  const [failure, setFailure] = useState('');
  const licenses = useEntityQuery<License>('License', {
    filter: { licensee, state: { $in: ['active', 'expired'] } },
    limit: 200,
  });
  const licenseKeys = useMemo(() => (licenses.data?.items ?? []).map((l) => l.key), [licenses.data]);
  const products = useEntityQuery<Product>(
    'Product',
    licenseKeys.length ? { filter: { license: { $in: licenseKeys }, state: 'approved' }, limit: 500 } : null,
  );
  const ipNames = useEntityQuery<{ key: string; name: string }>(
    'IP',
    licenseKeys.length
      ? { filter: { key: { $in: [...new Set((licenses.data?.items ?? []).map((l) => l.ip))] } }, limit: 200 }
      : null,
  );
  const ipName = (key: string) => ipNames.data?.items.find((i) => i.key === key)?.name ?? '';
  const licenseOf = (key: string) => licenses.data?.items.find((l) => l.key === key);

  const set = (index: number, change: Partial<Line>) =>
    setLines((all) => all.map((line, i) => (i === index ? { ...line, ...change } : line)));

  const submit = async () => {
    setPending(true);
    setRowErrors({});
    setFailure('');
    setRefused(undefined);
    const answer = await api.POST('/api/sales/report', {
      token: session?.accessToken,
      body: { licensee, ...period, rows: lines },
    });
    setPending(false);
    if (answer?.status === 0) {
      setLines([{ ...EMPTY }]);
      // The page keeps the report's fields it shows; the spec's record has them all.
      onDone(answer.data as ReportRecord);
      return;
    }
    // A refusal's data is the error envelope's: rows by "row N" with their fields' messages.
    const refusal = answer?.data as { errors?: Record<string, unknown>; refused?: number } | undefined;
    const errors = refusal?.errors;
    if (answer?.status === 15 && errors) {
      setRowErrors(errors as RowErrors);
      setRefused(refusal.refused);
      return;
    }
    setFailure(errors ? Object.values(errors).map(String).join(' ') : t('failed'));
  };

  const items = licenses.data?.items ?? [];
  if (licenses.data && items.length === 0) return <Alert variant="info">{t('form.noLicenses')}</Alert>;
  const err = (index: number, field: string) => rowErrors[`row ${index + 1}`]?.[field];
  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="sales-form"
    >
      <Table size="sm" responsive className="align-top">
        <thead>
          <tr className="small text-nowrap">
            <th>#</th>
            <th>{t('form.license')}</th>
            <th>{t('form.product')}</th>
            <th>{t('form.territory')}</th>
            <th>{t('form.units')}</th>
            <th>{t('form.gross')}</th>
            <th>{t('form.net')}</th>
            <th>{t('form.currency')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const license = licenseOf(line.license);
            const own = (products.data?.items ?? []).filter((p) => p.license === line.license);
            return (
              <tr key={index} data-testid="sales-form-row">
                <td className="small text-muted pt-2">{index + 1}</td>
                <td>
                  <Form.Select
                    size="sm"
                    value={line.license}
                    isInvalid={Boolean(err(index, 'license') || err(index, 'period'))}
                    onChange={(e) => set(index, { license: e.target.value, product: '', territory: '' })}
                    data-testid="sales-form-license"
                    aria-label={t('form.license')}
                  >
                    <option value="">{t('form.choose')}</option>
                    {items.map((l) => (
                      <option key={l.key} value={l.key}>
                        {[l.reference, ipName(l.ip)].filter(Boolean).join(' ')}
                      </option>
                    ))}
                  </Form.Select>
                  <Form.Control.Feedback type="invalid">{err(index, 'license') ?? err(index, 'period')}</Form.Control.Feedback>
                </td>
                <td>
                  <Form.Select
                    size="sm"
                    value={line.product}
                    isInvalid={Boolean(err(index, 'product'))}
                    onChange={(e) => set(index, { product: e.target.value })}
                    data-testid="sales-form-product"
                    aria-label={t('form.product')}
                  >
                    <option value="">{t('form.choose')}</option>
                    {own.map((p) => (
                      <option key={p.key} value={p.key}>
                        {p.name} ({p.sku})
                      </option>
                    ))}
                  </Form.Select>
                  <Form.Control.Feedback type="invalid">{err(index, 'product')}</Form.Control.Feedback>
                </td>
                <td>
                  <Form.Select
                    size="sm"
                    value={line.territory}
                    isInvalid={Boolean(err(index, 'territory'))}
                    onChange={(e) => set(index, { territory: e.target.value })}
                    data-testid="sales-form-territory"
                    aria-label={t('form.territory')}
                  >
                    <option value="">{t('form.choose')}</option>
                    {(license?.territory ?? []).map((code) => (
                      <option key={code} value={code}>
                        {code}
                      </option>
                    ))}
                  </Form.Select>
                  <Form.Control.Feedback type="invalid">{err(index, 'territory')}</Form.Control.Feedback>
                </td>
                {(['units', 'gross_sales', 'net_sales'] as const).map((field) => (
                  <td key={field} style={{ minWidth: 110 }}>
                    <Form.Control
                      size="sm"
                      inputMode={field === 'units' ? 'numeric' : 'decimal'}
                      value={line[field]}
                      isInvalid={Boolean(err(index, field))}
                      onChange={(e) => set(index, { [field]: e.target.value })}
                      data-testid={`sales-form-${field}`}
                      aria-label={t(`field.${field}`)}
                    />
                    <Form.Control.Feedback type="invalid">{err(index, field)}</Form.Control.Feedback>
                  </td>
                ))}
                <td className="small pt-2">{license?.currency ?? ''}</td>
                <td>
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    disabled={lines.length === 1}
                    onClick={() => setLines((all) => all.filter((_, i) => i !== index))}
                    aria-label={t('form.removeRow')}
                  >
                    ×
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      <p className="small text-muted">{t('form.amountHint')}</p>
      {refused !== undefined && <RefusedRows errors={rowErrors} refused={refused} />}
      {failure && (
        <Alert variant="danger" data-testid="sales-form-failed">
          {failure}
        </Alert>
      )}
      <div className="d-flex gap-2">
        <Button variant="outline-secondary" size="sm" onClick={() => setLines((all) => [...all, { ...EMPTY }])}>
          {t('form.addRow')}
        </Button>
        <Button type="submit" size="sm" disabled={pending} data-testid="sales-form-submit">
          {t('form.submit')}
        </Button>
      </div>
    </Form>
  );
}
