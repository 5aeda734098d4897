import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useFieldArray, useFormState } from 'react-hook-form';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { Field } from '@/components/kit/form/Field';
import { FilePicker } from '@/components/kit/form/FilePicker';
import { TextField } from '@/components/kit/form/TextField';
import { useFieldControl } from '@/components/kit/form/field-context';
import { uploadFile } from '@/lib/client/files';
import { DOCUMENT_CARD, fileUrl } from './DocumentCards';
import type { DesignerDocument } from './types';

export const MAX_DOCUMENTS = 20;
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';

/** The documents chosen so far (each described), and the picker that stores more. */
function DocumentsControl({ field, isPublic, onBusy }: { field: string; isPublic: boolean; onBusy(busy: boolean): void }) {
  const { t } = useTranslation('designer-profile');
  const { data: session } = useSession();
  const { aria } = useFieldControl();
  const { fields, append, remove } = useFieldArray<Record<string, DesignerDocument[]>>({ name: field });
  const { errors } = useFormState({ name: field });
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<{ done: number; total: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A message about the list itself (too many), not one of its descriptions.
  const listError = (errors[field] as { message?: string; root?: { message?: string } } | undefined) ?? undefined;
  const listMessage = listError?.message ?? listError?.root?.message;

  const add = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const chosen = Array.from(files).slice(0, Math.max(0, MAX_DOCUMENTS - fields.length));
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
    append(added);
    if (input.current) input.current.value = '';
  };

  return (
    <>
      <div className="d-flex flex-column gap-2 mb-2">
        {fields.map((doc, index) => (
          <div
            key={doc.id}
            className="d-flex gap-2 align-items-start border rounded p-2"
            style={{ maxWidth: DOCUMENT_CARD.width * 1.5 }}
            data-testid="document-item"
          >
            <a href={fileUrl(doc.image, isPublic)} target="_blank" rel="noreferrer" className="small text-nowrap pt-2">
              {t('documents.open', { n: index + 1 })}
            </a>
            <TextField
              name={`${field}.${index}.desc`}
              label={<span className="visually-hidden">{t('documents.desc')}</span>}
              placeholder={t('documents.descPlaceholder')}
              maxLength={500}
              className="flex-grow-1 mb-0"
              testId="document-desc-input"
            />
            <Button variant="outline-danger" size="sm" onClick={() => remove(index)} data-testid="document-remove">
              {t('documents.remove')}
            </Button>
          </div>
        ))}
      </div>
      <FilePicker
        ref={input}
        id={aria.id}
        aria-describedby={aria['aria-describedby']}
        accept={ACCEPT}
        multiple
        disabled={Boolean(uploading) || fields.length >= MAX_DOCUMENTS}
        onChange={(e) => void add(e.target.files)}
        isInvalid={Boolean(listMessage || problem)}
        data-testid="documents-file"
      />
      {uploading && (
        <div className="small mt-1" data-testid="documents-uploading">
          <Spinner size="sm" animation="border" className="me-1" />
          {t('documents.uploading', uploading)}
        </div>
      )}
      {(listMessage || problem) && (
        <div className="invalid-feedback d-block" role="alert">
          {listMessage ?? problem}
        </div>
      )}
    </>
  );
}

/**
 * The document list [{image hash, desc}] of the form around it, at `field` (`document` on a
 * Designer, `documents` on an application): each chosen image or PDF is stored (public for a
 * profile, private for an application: staff and the owner can open those) and described.
 */
export function DocumentsInput({
  isPublic,
  onBusy,
  field = 'document',
}: {
  isPublic: boolean;
  onBusy(busy: boolean): void;
  field?: string;
}) {
  const { t } = useTranslation('designer-profile');
  return (
    // The descriptions carry their own messages: the field's name here is the picker's, not the list's.
    <div data-testid="documents-input">
      <Field name={`${field}-picker`} label={t('sections.documents')} help={t('documents.hint', { max: MAX_DOCUMENTS })}>
        <DocumentsControl field={field} isPublic={isPublic} onBusy={onBusy} />
      </Field>
    </div>
  );
}
