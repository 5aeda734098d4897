import { useTranslation } from 'next-i18next/pages';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/kit/form/Field';
import { FilePicker } from '@/components/kit/form/FilePicker';
import { Form } from '@/components/kit/form/Form';
import { useFieldControl } from '@/components/kit/form/field-context';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function SalesFileInput({ disabled, onFile }: { disabled: boolean; onFile(file: File | undefined): void }) {
  const { aria } = useFieldControl();
  return (
    <FilePicker
      {...aria}
      accept={ACCEPT}
      disabled={disabled}
      onChange={(e) => onFile(e.target.files?.[0])}
      data-testid="sales-file-input"
    />
  );
}

/** The sales file, read as soon as it is chosen: a field of the kit, labelled and described as the others. */
export function SalesFileField({ disabled, onFile }: { disabled: boolean; onFile(file: File | undefined): void }) {
  const { t } = useTranslation('sales');
  // The file goes to the server as it is chosen: the form only gives the picker its label and ARIA.
  const form = useForm<{ file: string }>();
  return (
    <Form form={form} onSubmit={() => undefined}>
      <Field name="file" label={t('file.choose')} testId="sales-file-input">
        <SalesFileInput disabled={disabled} onFile={onFile} />
      </Field>
    </Form>
  );
}
