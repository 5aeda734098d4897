import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import RowGrid from 'react-bootstrap/Row';
import { useWatch } from 'react-hook-form';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { imagesOf, text, type Row } from '@/components/flow/approval/subject';
import { Form } from '@/components/kit/form/Form';
import { ImagesField, type ImageRef } from '@/components/kit/form/ImagesField';
import { MoneyField } from '@/components/kit/form/MoneyField';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { DateField, TextField } from '@/components/kit/form/TextField';
import type { InvalidInput } from '@/components/kit/form/invalid-input';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useEntityForm } from '@/components/kit/form/use-entity-form';
import { saveEntity } from '@/lib/client/entity-save';
import { CURRENCIES } from '@/lib/format/money';

interface ProductValues {
  license?: string;
  name: string;
  sku: string;
  category: string;
  images: ImageRef[];
  price: number | null | InvalidInput;
  currency: string;
  planned_launch: string;
  version?: number;
}

/**
 * Registers a product under one of the organisation's active licenses, or edits a draft (or a
 * product sent back with changes requested). Price is typed in major units and kept in minor
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
  const { data: session } = useSession();
  const editing = Boolean(record);
  const first = licenses.length === 1 ? licenses[0] : undefined;
  const [uploading, setUploading] = useState(false);
  const form = useEntityForm<ProductValues>('Product', editing ? 'patch' : 'create', {
    ...(editing ? (typeof record?.version === 'number' ? { version: record.version } : {}) : { license: text(first?.key) }),
    name: text(record?.name),
    sku: text(record?.sku),
    category: text(record?.category),
    images: imagesOf(record),
    price: typeof record?.price === 'number' ? record.price : null,
    currency: text(record?.currency) || text(first?.currency) || 'JPY',
    planned_launch: text(record?.planned_launch).slice(0, 10),
  });
  const license = useWatch({ control: form.control, name: 'license' });
  const chosen = licenses.find((l) => l.key === (license ?? record?.license));
  const categories = Array.isArray(chosen?.categories) ? (chosen.categories as string[]) : [];

  const submit = async (values: ProductValues) => {
    const result = await saveEntity<Row>('Product', values as unknown as Record<string, unknown>, {
      key: record ? text(record.key) : undefined,
      token: session?.accessToken,
    });
    if (result.status === 0 && result.data) onSaved(result.data);
    else showServerErrors(form, result.errors, t('product.saveFailed'));
  };

  return (
    <Form form={form} onSubmit={submit} testId="product-form">
      {editing ? (
        <div className="mb-3">
          <div className="form-label">{t('product.license')}</div>
          <p className="mb-0">{ipNames.get(text(chosen?.ip ?? record?.ip)) ?? text(record?.license)}</p>
        </div>
      ) : (
        <SelectField
          name="license"
          label={t('product.license')}
          required
          placeholder={t('product.chooseLicense')}
          options={licenses.map((l) => ({
            value: text(l.key),
            label: `${[text(l.reference), ipNames.get(text(l.ip))].filter(Boolean).join(' ')} (${text(l.term_start).slice(0, 10)} – ${text(l.term_end).slice(0, 10)})`,
          }))}
          testId="product-license"
        />
      )}
      <RowGrid>
        <Col md={8}>
          <TextField name="name" label={t('product.name')} required maxLength={200} testId="product-name" />
        </Col>
        <Col md={4}>
          <TextField name="sku" label={t('product.sku')} required maxLength={64} testId="product-sku" />
        </Col>
      </RowGrid>
      <RowGrid>
        <Col md={4}>
          <TextField name="category" label={t('product.category')} suggestions={categories} testId="product-category" />
        </Col>
        <Col md={4}>
          <MoneyField name="price" label={t('product.price')} currency={{ field: 'currency' }} testId="product-price" />
        </Col>
        <Col md={2}>
          <SelectField
            name="currency"
            label={t('apply.currency')}
            options={CURRENCIES.map((c) => ({ value: c, label: c }))}
            testId="product-currency"
          />
        </Col>
        <Col md={2}>
          <DateField name="planned_launch" label={t('product.plannedLaunch')} testId="product-launch" />
        </Col>
      </RowGrid>
      <ImagesField name="images" label={t('product.images')} testId="ip-images" previewTestId="ip-image" onBusy={setUploading} />
      <div className="d-flex gap-2">
        <SubmitButton disabled={uploading} testId="product-save">
          {editing ? t('product.saveChanges') : t('product.create')}
        </SubmitButton>
        <Button variant="outline-secondary" onClick={onCancel}>
          {t('product.cancel')}
        </Button>
      </div>
    </Form>
  );
}
