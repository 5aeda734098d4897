import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { thumbnailUrl, uploadFile } from '@/lib/client/files';
import { FilePicker } from '@/components/kit/form/FilePicker';

/** The profile photo: stored publicly (it shows on the designer's page), kept by its hash. */
export function PhotoInput({
  hash,
  onChange,
  error,
  onBusy,
}: {
  hash: string;
  onChange(hash: string): void;
  error?: string;
  onBusy(busy: boolean): void;
}) {
  const { t } = useTranslation('designer-profile');
  const { data: session } = useSession();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    onBusy(true);
    const result = await uploadFile(file, { token: session?.accessToken, public: true });
    setUploading(false);
    onBusy(false);
    if (result.status === 0 && result.file) {
      setProblem(null);
      onChange(result.file.hash);
    } else {
      setProblem(Object.values(result.errors)[0] ?? t('photo.failed'));
    }
  };

  return (
    <Form.Group className="mb-3" controlId="profile-photo">
      <Form.Label>{t('fields.photo')}</Form.Label>
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
            accept="image/png,image/jpeg,image/gif,image/webp"
            disabled={uploading}
            onChange={(e) => void choose(e.target.files?.[0])}
            isInvalid={Boolean(error || problem)}
            data-testid="profile-photo-file"
          />
          <Form.Control.Feedback type="invalid">{error ?? problem}</Form.Control.Feedback>
        </div>
        {uploading && <Spinner size="sm" animation="border" />}
        {hash && !uploading && (
          <Button variant="outline-secondary" size="sm" onClick={() => onChange('')} data-testid="profile-photo-remove">
            {t('photo.remove')}
          </Button>
        )}
      </div>
    </Form.Group>
  );
}
