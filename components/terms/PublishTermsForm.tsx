import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { Alert } from 'react-bootstrap';
import { useController, useWatch } from 'react-hook-form';
import { Field } from '@/components/kit/form/Field';
import { FilePicker } from '@/components/kit/form/FilePicker';
import { BusyLabel } from '@/components/kit/form/BusyLabel';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { useFieldControl } from '@/components/kit/form/field-context';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import { uploadFile } from '@/lib/client/files';
import { publishTermsVersion, type TermsDocument } from '@/lib/client/terms';
import type { TermsKind } from '@/lib/terms/kinds';

interface TermsValues {
  version: string;
  content: string;
  format: 'html' | 'text';
  /** The PDF chosen; it is uploaded on publishing and sent as its hash. */
  document?: File;
}

interface PublishTermsFormProps {
  kind: TermsKind;
  onPublished: (doc: TermsDocument) => void;
}

/** The terms body the server checks (`termsData`), the PDF still a file the browser holds. */
async function termsSchema() {
  const [{ z }, { termsDataInput }] = await Promise.all([import('zod'), import('@/lib/server/terms/terms-input')]);
  return termsDataInput.omit({ document: true }).extend({ document: z.instanceof(File).optional() });
}

/** The PDF picker bound to its field: the file chosen is the field's value. */
function PdfInput({ testId }: { testId: string }) {
  const { field, aria } = useFieldControl();
  const {
    field: { ref, onChange, onBlur },
  } = useController({ name: field.name });
  return (
    <FilePicker
      {...aria}
      ref={ref}
      accept="application/pdf"
      onChange={(e) => onChange(e.target.files?.[0])}
      onBlur={onBlur}
      isInvalid={field.invalid}
      data-testid={testId}
    />
  );
}

/** Staff form: publish a new version (version, text, optional PDF); errors show under each field. */
export function PublishTermsForm({ kind, onPublished }: PublishTermsFormProps) {
  const { t } = useTranslation('terms');
  const { data: session } = useSession();
  const form = useSchemaForm<TermsValues>(termsSchema, { version: '', content: '', format: 'html' });
  const format = useWatch({ control: form.control, name: 'format' });
  const [published, setPublished] = useState<string | null>(null);
  // A new picker after each publish: the file input keeps its choice otherwise.
  const [round, setRound] = useState(0);

  async function submit({ version, content, format: chosen, document: file }: TermsValues) {
    setPublished(null);
    if (file && file.type !== 'application/pdf') {
      form.setError('document', { type: 'pdf', message: t('form.pdfOnly') });
      return;
    }
    let document: string | undefined;
    if (file) {
      // Public, so signed-out visitors of the terms pages can open the PDF.
      const upload = await uploadFile(file, { token: session?.accessToken, public: true });
      if (upload.status !== 0 || !upload.file) {
        form.setError('document', { type: 'server', message: Object.values(upload.errors)[0] ?? t('form.uploadFailed') });
        return;
      }
      document = upload.file.hash;
    }
    const answer = await publishTermsVersion(kind, { version, content, format: chosen, document }, session?.accessToken);
    if (answer?.status === 0) {
      onPublished(answer.data);
      setPublished(version);
      form.reset();
      setRound((r) => r + 1);
      return;
    }
    const detail = answer?.data as unknown as { errors?: Record<string, string> } | string | undefined;
    const errors = detail && typeof detail === 'object' && detail.errors ? detail.errors : {};
    showServerErrors(
      form,
      Object.fromEntries(Object.entries(errors).map(([path, message]) => [path.replace(/^termsData\./, ''), message])),
      typeof detail === 'string' ? detail : t('form.failed'),
    );
  }

  return (
    <Form form={form} onSubmit={submit} testId="terms-publish-form">
      <h3 className="h6">{t('form.title')}</h3>
      {published && (
        <Alert variant="success" data-testid="terms-published">
          {t('form.published', { version: published })}
        </Alert>
      )}
      <div className="row g-3">
        <div className="col-sm-4">
          <TextField
            name="version"
            label={t('form.version')}
            required
            maxLength={40}
            placeholder={t('form.versionPlaceholder')}
            className="mb-0"
            testId="terms-form-version"
          />
        </div>
        <div className="col-sm-4">
          <SelectField
            name="format"
            label={t('form.format')}
            options={[
              { value: 'html', label: t('form.formatHtml') },
              { value: 'text', label: t('form.formatText') },
            ]}
            className="mb-0"
            testId="terms-form-format"
          />
        </div>
        <div className="col-12">
          <TextField
            name="content"
            label={t('form.content')}
            required
            rows={10}
            help={t(format === 'text' ? 'form.contentHelpText' : 'form.contentHelpHtml')}
            className="mb-0"
            testId="terms-form-content"
          />
        </div>
        <div className="col-sm-8">
          <Field key={round} name="document" label={t('form.document')} className="mb-0" testId="terms-form-document">
            <PdfInput testId="terms-form-document" />
          </Field>
        </div>
      </div>
      <div className="mt-3">
        <SubmitButton pending={<BusyLabel>{t('form.submit')}</BusyLabel>} testId="terms-form-submit">
          {t('form.submit')}
        </SubmitButton>
      </div>
    </Form>
  );
}
