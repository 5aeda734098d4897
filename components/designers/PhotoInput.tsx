import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useController, useFormContext } from 'react-hook-form';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { Field } from '@/components/kit/form/Field';
import { FilePicker } from '@/components/kit/form/FilePicker';
import { useFieldControl } from '@/components/kit/form/field-context';
import { thumbnailUrl, uploadFile } from '@/lib/client/files';

/** The picker and preview bound to the photo field: the stored file's hash, or null once removed. */
function PhotoControl({ onBusy }: { onBusy(busy: boolean): void }) {
  const { t } = useTranslation('designer-profile');
  const { data: session } = useSession();
  const { field, aria } = useFieldControl();
  const { setError, clearErrors } = useFormContext();
  const {
    field: { value, onChange },
  } = useController({ name: field.name });
  const hash = typeof value === 'string' ? value : '';
  const [uploading, setUploading] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    onBusy(true);
    const result = await uploadFile(file, { token: session?.accessToken, public: true });
    setUploading(false);
    onBusy(false);
    if (result.status === 0 && result.file) {
      clearErrors(field.name);
      onChange(result.file.hash);
    } else {
      setError(field.name, { type: 'upload', message: Object.values(result.errors)[0] ?? t('photo.failed') });
    }
  };

  return (
    <div className="d-flex align-items-center gap-3">
      {hash ? (
        // eslint-disable-next-line @next/next/no-img-element -- already resized by the site's own /api/image path
        <img
          src={thumbnailUrl(hash, 256)}
          alt={t('view.photo')}
          width={64}
          height={64}
          className="rounded-circle border"
          style={{ objectFit: 'cover' }}
          data-testid="profile-photo-preview"
        />
      ) : (
        <span className="rounded-circle bg-light border d-inline-block" style={{ width: 64, height: 64 }} aria-hidden />
      )}
      <div className="flex-grow-1">
        <FilePicker
          id={aria.id}
          aria-describedby={aria['aria-describedby']}
          accept="image/png,image/jpeg,image/gif,image/webp"
          disabled={uploading}
          onChange={(e) => void choose(e.target.files?.[0])}
          isInvalid={field.invalid}
          data-testid="profile-photo-file"
        />
      </div>
      {uploading && <Spinner size="sm" animation="border" />}
      {hash && !uploading && (
        <Button variant="outline-secondary" size="sm" onClick={() => onChange(null)} data-testid="profile-photo-remove">
          {t('photo.remove')}
        </Button>
      )}
    </div>
  );
}

/** The profile photo: stored publicly (it shows on the designer's page), kept by its hash. */
export function PhotoInput({ name = 'photo', onBusy }: { name?: string; onBusy(busy: boolean): void }) {
  const { t } = useTranslation('designer-profile');
  return (
    <Field name={name} label={t('fields.photo')} testId="profile-photo">
      <PhotoControl onBusy={onBusy} />
    </Field>
  );
}
