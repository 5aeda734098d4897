import { useEffect } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Button from 'react-bootstrap/Button';
import { useForm, useFormState } from 'react-hook-form';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { schemaResolver } from '@/components/kit/form/resolver';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import { useShell } from '@/lib/client/settings-context';
import { REQUIRED_FIELDS, ROW_FIELDS, type RowField } from '@/lib/server/sales/columns';
import type { FieldError } from '@/lib/validation/messages';

const FIELDS = ROW_FIELDS;
type Field = RowField;
export type Mapping = Partial<Record<Field, string>>;

export interface Preview {
  columns: string[];
  mapping: Mapping;
  remembered: boolean;
  preview: Record<string, string>[];
  rowCount: number;
}

/** The fields the server reads every row for (all but the currency, the license's by default) must come from a column. */
function mapped(values: Mapping): Record<string, FieldError> {
  return Object.fromEntries(
    REQUIRED_FIELDS.filter((field) => !values[field as Field]).map((field) => [field, { code: 'required' as const }]),
  );
}

/** Imports only once every required field is mapped. */
function ImportButton({ count, busy }: { count: number; busy: boolean }) {
  const { t } = useTranslation('sales');
  const { errors } = useFormState<Mapping>();
  return (
    <SubmitButton disabled={busy || Object.keys(errors).length > 0} testId="sales-import-submit">
      {t('file.import', { count })}
    </SubmitButton>
  );
}

/**
 * Which column of the file holds each field (suggested by the server, or the organisation's last
 * mapping), a preview of the first rows as the file has them, then the import.
 */
export function ColumnMapping({
  preview,
  busy,
  onImport,
  onAnother,
}: {
  preview: Preview;
  busy: boolean;
  onImport(mapping: Mapping): Promise<void>;
  onAnother(): void;
}) {
  const { t } = useTranslation('sales');
  const { lang } = useShell();
  // A mapping is column names (the server's importUploadInput); zod is loaded with the first check.
  const form = useForm<Mapping>({
    defaultValues: preview.mapping,
    // Checked as each column is chosen: the import button waits for a complete mapping.
    mode: 'onChange',
    resolver: schemaResolver<Mapping>(
      () => import('zod').then(({ z }) => z.partialRecord(z.enum(FIELDS), z.string().max(200))),
      lang,
      mapped,
    ),
  });
  // What is missing shows at once, as the file is read, not only when the import is asked for.
  useEffect(() => {
    void form.trigger();
  }, [form]);

  type Line = Record<string, string> & { '#': string };
  // Line numbers as in the file: the header is line 1.
  const lines: Line[] = preview.preview.map((row, i) => ({ ...row, '#': String(i + 2) }));
  const columns = [
    column<Line>('#', '#', (row) => row['#'], { hideable: false }),
    ...preview.columns.map((c) => column<Line>(`col-${c}`, c, (row) => row[c] ?? '')),
  ];

  return (
    <Form
      form={form}
      onSubmit={async () => {
        await onImport(form.getValues());
      }}
    >
      <h3 className="h6">{t('file.mappingTitle')}</h3>
      <p className="small text-muted mb-2">{t('file.mappingHelp')}</p>
      {preview.remembered && (
        <p className="small text-success" data-testid="sales-mapping-remembered">
          {t('file.remembered')}
        </p>
      )}
      <div className="row g-2 mb-3" data-testid="sales-mapping">
        {FIELDS.map((field) => (
          <SelectField
            key={field}
            name={field}
            label={t(`field.${field}`)}
            help={field === 'currency' ? t('file.optional') : undefined}
            required={REQUIRED_FIELDS.includes(field)}
            className="col-6 col-md-3 mb-0"
            placeholder={t('file.notMapped')}
            options={preview.columns.map((c) => ({ value: c, label: c }))}
            testId={`sales-map-${field}`}
          />
        ))}
      </div>
      <h3 className="h6">{t('file.previewTitle', { count: preview.preview.length, total: preview.rowCount })}</h3>
      <DataTable
        columns={columns}
        rows={lines}
        lang={lang}
        caption={t('file.previewTitle', { count: preview.preview.length, total: preview.rowCount })}
        testId="sales-preview"
        getRowId={(row) => row['#']}
        empty={{ message: t('file.noRows') }}
        skeletonRows={3}
      />
      <div className="d-flex gap-2 mb-3">
        <ImportButton count={preview.rowCount} busy={busy} />
        <Button variant="outline-secondary" onClick={onAnother} disabled={busy}>
          {t('file.another')}
        </Button>
      </div>
    </Form>
  );
}
