import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import RowGrid from 'react-bootstrap/Row';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { ImagePicker } from '@/components/designer-ip/ImagePicker';
import { imagesOf, text, type ImageRef, type Row } from '@/components/approval/subject';
import { CURRENCIES, fromMinor, toMinor } from '@/components/license/money';
import { createEntity, patchEntity, useEntitySchema } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import { checkRecord } from '@/lib/client/validation';

const FIELDS = ['license', 'name', 'sku', 'category', 'images', 'price', 'currency', 'planned_launch'] as const;

function errorOf(errors: Record<string, string>, field: string): string | undefined {
  return errors[field] ?? Object.entries(errors).find(([name]) => name.startsWith(`${field}.`))?.[1];
}

/**
 * Registers a product under one of the organisation's active licenses, or edits a draft (or a
 * product sent back with changes requested). Price is typed in major units and stored in minor
 * units; the server refuses a license that is not active, with the message under the license.
 */
export function ProductForm({
  licenses,
  ipNames,
  record,
  onSaved,
  onCancel,
}: {
  /** Active licenses of the caller's organisations. */
  licenses: Row[];
  ipNames: Map<string, string>;
  record?: Row;
  onSaved(product: Row): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('licensee');
  const { lang } = useShell();
  const { data: session } = useSession();
  const editing = Boolean(record);
  const { data: schema } = useEntitySchema('Product', editing ? 'Patch' : 'Create');
  const first = licenses.length === 1 ? licenses[0] : undefined;
  const [license, setLicense] = useState(text(record?.license) || text(first?.key));
  const [name, setName] = useState(text(record?.name));
  const [sku, setSku] = useState(text(record?.sku));
  const [category, setCategory] = useState(text(record?.category));
  const [images, setImages] = useState<ImageRef[]>(imagesOf(record));
  const initialCurrency = text(record?.currency) || text(first?.currency) || 'JPY';
  const [currency, setCurrency] = useState(initialCurrency);
  const [price, setPrice] = useState(record ? fromMinor(record.price, initialCurrency) : '');
  const [launch, setLaunch] = useState(text(record?.planned_launch).slice(0, 10));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = licenses.find((l) => l.key === license);
  const categories = Array.isArray(chosen?.categories) ? (chosen.categories as string[]) : [];

  const chooseLicense = (key: string) => {
    setLicense(key);
    const next = licenses.find((l) => l.key === key);
    if (next && !record) setCurrency(text(next.currency) || 'JPY');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!schema) return;
    setFailure(null);
    const minor = price.trim() === '' ? null : toMinor(price, currency);
    const body: Record<string, unknown> = {
      ...(editing ? {} : { license }),
      name,
      sku,
      category: category.trim() ? category : null,
      images,
      price: minor,
      currency,
      planned_launch: launch || null,
      ...(editing && typeof record?.version === 'number' ? { version: record.version } : {}),
    };
    const local: Record<string, string> = {};
    if (price.trim() !== '' && minor === null) local.price = t('apply.errors.amount');
    if (!editing && !license) local.license = t('product.errors.license');
    const check = await checkRecord(schema, body, lang);
    const before = { ...(check.status === 0 ? {} : check.errors), ...local };
    if (Object.keys(before).length) {
      setErrors(before);
      return;
    }
    setPending(true);
    const token = session?.accessToken;
    const result = record
      ? await patchEntity<Row>('Product', text(record.key), body, schema, lang, token)
      : await createEntity<Row>('Product', body, schema, lang, token);
    setPending(false);
    setErrors(result.errors);
    if (result.status === 0 && result.data) {
      onSaved(result.data);
      return;
    }
    const shown = Object.keys(result.errors).some((f) => FIELDS.includes(f.split('.')[0] as never));
    if (!shown) setFailure(Object.values(result.errors).join(' ') || t('product.saveFailed'));
  };

  const invalid = (field: string) => Boolean(errorOf(errors, field));
  const feedback = (field: string) => (
    <Form.Control.Feedback type="invalid" data-testid={`product-${field}-error`}>
      {errorOf(errors, field)}
    </Form.Control.Feedback>
  );

  return (
    <Form noValidate onSubmit={(e) => void submit(e)} data-testid="product-form">
      <Form.Group className="mb-3" controlId="product-license">
        <Form.Label>{t('product.license')}</Form.Label>
        {editing ? (
          <p className="mb-0">{ipNames.get(text(chosen?.ip ?? record?.ip)) ?? text(record?.license)}</p>
        ) : (
          <>
            <Form.Select
              value={license}
              onChange={(e) => chooseLicense(e.target.value)}
              isInvalid={invalid('license')}
              data-testid="product-license"
            >
              <option value="">{t('product.chooseLicense')}</option>
              {licenses.map((l) => (
                <option key={text(l.key)} value={text(l.key)}>
                  {[text(l.reference), ipNames.get(text(l.ip))].filter(Boolean).join(' ')} ({text(l.term_start).slice(0, 10)} –{' '}
                  {text(l.term_end).slice(0, 10)})
                </option>
              ))}
            </Form.Select>
            {feedback('license')}
          </>
        )}
      </Form.Group>
      <RowGrid>
        <Form.Group as={Col} md={8} className="mb-3" controlId="product-name">
          <Form.Label>{t('product.name')}</Form.Label>
          <Form.Control
            value={name}
            onChange={(e) => setName(e.target.value)}
            isInvalid={invalid('name')}
            maxLength={200}
            data-testid="product-name"
          />
          {feedback('name')}
        </Form.Group>
        <Form.Group as={Col} md={4} className="mb-3" controlId="product-sku">
          <Form.Label>{t('product.sku')}</Form.Label>
          <Form.Control
            value={sku}
            onChange={(e) => setSku(e.target.value)}
            isInvalid={invalid('sku')}
            maxLength={64}
            data-testid="product-sku"
          />
          {feedback('sku')}
        </Form.Group>
      </RowGrid>
      <RowGrid>
        <Form.Group as={Col} md={4} className="mb-3" controlId="product-category">
          <Form.Label>{t('product.category')}</Form.Label>
          <Form.Control
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            isInvalid={invalid('category')}
            list="product-category-options"
            data-testid="product-category"
          />
          <datalist id="product-category-options">
            {categories.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          {feedback('category')}
        </Form.Group>
        <Form.Group as={Col} md={4} className="mb-3" controlId="product-price">
          <Form.Label>{t('product.price')}</Form.Label>
          <InputGroup hasValidation>
            <Form.Control
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              isInvalid={invalid('price')}
              data-testid="product-price"
            />
            <Form.Select
              value={currency}
              onChange={(e) => setCurrency(e.target.value)}
              style={{ maxWidth: 100 }}
              aria-label={t('apply.currency')}
              isInvalid={invalid('currency')}
              data-testid="product-currency"
            >
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Form.Select>
            {feedback('price')}
          </InputGroup>
        </Form.Group>
        <Form.Group as={Col} md={4} className="mb-3" controlId="product-launch">
          <Form.Label>{t('product.plannedLaunch')}</Form.Label>
          <Form.Control
            type="date"
            value={launch}
            onChange={(e) => setLaunch(e.target.value)}
            isInvalid={invalid('planned_launch')}
            data-testid="product-launch"
          />
          {feedback('planned_launch')}
        </Form.Group>
      </RowGrid>
      <ImagePicker images={images} onChange={setImages} error={errorOf(errors, 'images')} onBusy={setUploading} />
      {failure && (
        <Alert variant="danger" className="py-2" data-testid="product-form-error">
          {failure}
        </Alert>
      )}
      <div className="d-flex gap-2">
        <Button type="submit" disabled={pending || uploading || !schema} data-testid="product-save">
          {editing ? t('product.saveChanges') : t('product.create')}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel}>
          {t('product.cancel')}
        </Button>
      </div>
    </Form>
  );
}
