import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { uploadFile } from '@/lib/client/files';
import { DOCUMENT_CARD, fileUrl } from './DocumentCards';
import type { DesignerDocument } from './types';
import { FilePicker } from '@/components/kit/form/FilePicker';

export const MAX_DOCUMENTS = 20;
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';

/**
 * The document list [{image hash, desc}]: each chosen image or PDF is stored (public for a
 * profile, private for an application: staff and the owner can open those) and described.
 */
export function DocumentsInput({
  documents,
  onChange,
  isPublic,
  errors,
  onBusy,
  field = 'document',
}: {
  documents: DesignerDocument[];
  onChange(documents: DesignerDocument[]): void;
  isPublic: boolean;
  errors: Record<string, string>;
  onBusy(busy: boolean): void;
  /** The name of the list in `errors` (`document` on a Designer, `documents` on an application). */
  field?: string;
}) {
  const { t } = useTranslation('designer-profile');
  const { data: session } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<{ done: number; total: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const add = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const chosen = Array.from(files).slice(0, Math.max(0, MAX_DOCUMENTS - documents.length));
    setProblem(chosen.length < files.length ? t('documents.tooMany', { max: MAX_DOCUMENTS }) : null);
    setUploading({ done: 0, total: chosen.length });
    onBusy(true);
    const added: DesignerDocument[] = [];
    const failures: string[] = [];
    for (const [i, file] of chosen.entries()) {
      const result = await uploadFile(file, { token: session?.accessToken, public: isPublic });
      if (result.status === 0 && result.file) added.push({ image: result.file.hash, desc: '' });
      else failures.push(Object.values(result.errors)[0] ? `${file.name}: ${Object.values(result.errors)[0]}` : file.name);
      setUploading({ done: i + 1, total: chosen.length });
    }
    setUploading(null);
    onBusy(false);
    if (failures.length) setProblem(t('documents.failed', { files: failures.join(', ') }));
    onChange([...documents, ...added]);
    if (input.current) input.current.value = '';
  };

  const describe = (index: number, desc: string) => onChange(documents.map((doc, i) => (i === index ? { ...doc, desc } : doc)));

  return (
    <Form.Group className="mb-3" data-testid="documents-input">
      <Form.Label htmlFor={`${field}-file`}>{t('sections.documents')}</Form.Label>
      <div className="d-flex flex-column gap-2 mb-2">
        {documents.map((doc, index) => (
          <div
            key={`${doc.image}-${index}`}
            className="d-flex gap-2 align-items-start border rounded p-2"
            style={{ maxWidth: DOCUMENT_CARD.width * 1.5 }}
            data-testid="document-item"
          >
            <a href={fileUrl(doc.image, isPublic)} target="_blank" rel="noreferrer" className="small text-nowrap pt-2">
              {t('documents.open', { n: index + 1 })}
            </a>
            <div className="flex-grow-1">
              <Form.Control
                value={doc.desc}
                placeholder={t('documents.descPlaceholder')}
                maxLength={500}
                onChange={(e) => describe(index, e.target.value)}
                isInvalid={Boolean(errors[`${field}.${index}.desc`])}
                aria-label={t('documents.desc')}
                data-testid="document-desc-input"
              />
              <Form.Control.Feedback type="invalid">{errors[`${field}.${index}.desc`]}</Form.Control.Feedback>
            </div>
            <Button
              variant="outline-danger"
              size="sm"
              onClick={() => onChange(documents.filter((_, i) => i !== index))}
              data-testid="document-remove"
            >
              {t('documents.remove')}
            </Button>
          </div>
        ))}
      </div>
      <FilePicker
        ref={input}
        id={`${field}-file`}
        accept={ACCEPT}
        multiple
        disabled={Boolean(uploading) || documents.length >= MAX_DOCUMENTS}
        onChange={(e) => void add(e.target.files)}
        isInvalid={Boolean(errors[field] || problem)}
        data-testid="documents-file"
      />
      <Form.Text muted>{t('documents.hint', { max: MAX_DOCUMENTS })}</Form.Text>
      {uploading && (
        <div className="small mt-1" data-testid="documents-uploading">
          <Spinner size="sm" animation="border" className="me-1" />
          {t('documents.uploading', uploading)}
        </div>
      )}
      <Form.Control.Feedback type="invalid">{errors[field] ?? problem}</Form.Control.Feedback>
    </Form.Group>
  );
}
