import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { uploadFile } from '@/lib/client/files';
import { useShell } from '@/lib/client/settings-context';
import { publishTermsVersion, type TermsDocument } from '@/lib/client/terms';
import type { TermsKind } from '@/lib/terms/kinds';
import { validationMessage } from '@/lib/validation/messages';
import { FilePicker } from '@/components/kit/form/FilePicker';

type Field = 'version' | 'content' | 'format' | 'document';

interface PublishTermsFormProps {
  kind: TermsKind;
  onPublished: (doc: TermsDocument) => void;
}

/** Staff form: publish a new version (version, text, optional PDF); errors show under each field. */
export function PublishTermsForm({ kind, onPublished }: PublishTermsFormProps) {
  const { t } = useTranslation('terms');
  const { lang } = useShell();
  const { data: session } = useSession();
  const [version, setVersion] = useState('');
  const [content, setContent] = useState('');
  const [format, setFormat] = useState<'html' | 'text'>('html');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [published, setPublished] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setPublished(null);
    const required = validationMessage({ code: 'required' }, lang);
    const local: Partial<Record<Field, string>> = {};
    if (!version.trim()) local.version = required;
    if (!content.trim()) local.content = required;
    if (file && file.type !== 'application/pdf') local.document = t('form.pdfOnly');
    setErrors(local);
    if (Object.keys(local).length) return;
    setPending(true);
    try {
      let document: string | undefined;
      if (file) {
        // Public, so signed-out visitors of the terms pages can open the PDF.
        const upload = await uploadFile(file, { token: session?.accessToken, public: true });
        if (upload.status !== 0 || !upload.file) {
          setErrors({ document: Object.values(upload.errors)[0] ?? t('form.uploadFailed') });
          return;
        }
        document = upload.file.hash;
      }
      const answer = await publishTermsVersion(
        kind,
        { version: version.trim(), content, format, document },
        session?.accessToken,
      );
      if (answer?.status === 0) {
        onPublished(answer.data);
        setPublished(version.trim());
        setVersion('');
        setContent('');
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
        return;
      }
      const detail = answer?.data as unknown as { errors?: Record<string, string> } | string | undefined;
      if (detail && typeof detail === 'object' && detail.errors) {
        const mapped: Partial<Record<Field, string>> = {};
        for (const [path, message] of Object.entries(detail.errors)) {
          const field = path.replace(/^termsData\./, '') as Field;
          mapped[['version', 'content', 'format', 'document'].includes(field) ? field : 'content'] = message;
        }
        setErrors(mapped);
      } else {
        setFailure(typeof detail === 'string' ? detail : t('form.failed'));
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <Form noValidate onSubmit={submit} data-testid="terms-publish-form">
      <h3 className="h6">{t('form.title')}</h3>
      {published && (
        <Alert variant="success" data-testid="terms-published">
          {t('form.published', { version: published })}
        </Alert>
      )}
      {failure && <Alert variant="danger">{failure}</Alert>}
      <div className="row g-3">
        <Form.Group className="col-sm-4" controlId={`terms-version-${kind}`}>
          <Form.Label>{t('form.version')}</Form.Label>
          <Form.Control
            value={version}
            onChange={(e) => setVersion(e.target.value)}
            isInvalid={Boolean(errors.version)}
            maxLength={40}
            placeholder={t('form.versionPlaceholder')}
            data-testid="terms-form-version"
          />
          <Form.Control.Feedback type="invalid">{errors.version}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="col-sm-4" controlId={`terms-format-${kind}`}>
          <Form.Label>{t('form.format')}</Form.Label>
          <Form.Select
            value={format}
            onChange={(e) => setFormat(e.target.value === 'text' ? 'text' : 'html')}
            isInvalid={Boolean(errors.format)}
            data-testid="terms-form-format"
          >
            <option value="html">{t('form.formatHtml')}</option>
            <option value="text">{t('form.formatText')}</option>
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.format}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="col-12" controlId={`terms-content-${kind}`}>
          <Form.Label>{t('form.content')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={10}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            isInvalid={Boolean(errors.content)}
            data-testid="terms-form-content"
          />
          <Form.Text>{t(format === 'html' ? 'form.contentHelpHtml' : 'form.contentHelpText')}</Form.Text>
          <Form.Control.Feedback type="invalid">{errors.content}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="col-sm-8" controlId={`terms-document-${kind}`}>
          <Form.Label>{t('form.document')}</Form.Label>
          <FilePicker
            ref={fileInput}
            accept="application/pdf"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            isInvalid={Boolean(errors.document)}
            data-testid="terms-form-document"
          />
          <Form.Control.Feedback type="invalid">{errors.document}</Form.Control.Feedback>
        </Form.Group>
      </div>
      <Button type="submit" className="mt-3" disabled={pending} data-testid="terms-form-submit">
        {pending && <Spinner size="sm" animation="border" className="me-2" aria-hidden />}
        {t('form.submit')}
      </Button>
    </Form>
  );
}
