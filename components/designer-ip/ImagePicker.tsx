import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { uploadFile } from '@/lib/client/files';
import { imageUrl, type ImageRef } from '@/components/approval/subject';

const MAX_IMAGES = 20;

/**
 * Images of a secondary IP: each chosen file is stored privately (only its owner and the
 * holder's reviewers can open it) and kept by its hash.
 */
export function ImagePicker({
  images,
  onChange,
  error,
  onBusy,
}: {
  images: ImageRef[];
  onChange(images: ImageRef[]): void;
  error?: string;
  onBusy(busy: boolean): void;
}) {
  const { t } = useTranslation('designer-ip');
  const { data: session } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<{ done: number; total: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const add = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const chosen = Array.from(files).slice(0, Math.max(0, MAX_IMAGES - images.length));
    setProblem(chosen.length < files.length ? t('images.tooMany', { max: MAX_IMAGES }) : null);
    setUploading({ done: 0, total: chosen.length });
    onBusy(true);
    const added: ImageRef[] = [];
    const failures: string[] = [];
    for (const [i, file] of chosen.entries()) {
      const result = await uploadFile(file, { token: session?.accessToken, public: false });
      if (result.status === 0 && result.file) added.push({ hash: result.file.hash, name: file.name, mime: result.file.mime });
      else failures.push(Object.values(result.errors)[0] ? `${file.name}: ${Object.values(result.errors)[0]}` : file.name);
      setUploading({ done: i + 1, total: chosen.length });
    }
    setUploading(null);
    onBusy(false);
    if (failures.length) setProblem(t('images.failed', { files: failures.join(', ') }));
    onChange([...images, ...added.filter((a) => !images.some((i) => i.hash === a.hash))]);
    if (input.current) input.current.value = '';
  };

  return (
    <Form.Group className="mb-3" controlId="ip-images">
      <Form.Label>{t('form.images')}</Form.Label>
      {images.length > 0 && (
        <div className="d-flex flex-wrap gap-2 mb-2" data-testid="ip-images-list">
          {images.map((image, index) => (
            <div key={image.hash} className="position-relative" data-testid="ip-image">
              {/* eslint-disable-next-line @next/next/no-img-element -- already resized by the site's own /api/image path */}
              <img
                src={imageUrl(image.hash, 256)}
                alt={image.name ?? ''}
                width={96}
                height={96}
                className="rounded border"
                style={{ objectFit: 'cover' }}
              />
              <Button
                size="sm"
                variant="light"
                className="position-absolute top-0 end-0 py-0 px-1 border"
                onClick={() => onChange(images.filter((_, i) => i !== index))}
                aria-label={t('images.remove', { name: image.name ?? index + 1 })}
                data-testid={`ip-image-remove-${index}`}
              >
                ×
              </Button>
            </div>
          ))}
        </div>
      )}
      <Form.Control
        ref={input}
        type="file"
        accept="image/*"
        multiple
        disabled={uploading !== null || images.length >= MAX_IMAGES}
        onChange={(e) => void add((e.target as HTMLInputElement).files)}
        isInvalid={Boolean(error || problem)}
        data-testid="ip-images-input"
      />
      {uploading && (
        <div className="small text-muted mt-1" data-testid="ip-images-uploading">
          <Spinner animation="border" size="sm" className="me-2" />
          {t('images.uploading', { done: uploading.done, total: uploading.total })}
        </div>
      )}
      <Form.Control.Feedback type="invalid">{error ?? problem}</Form.Control.Feedback>
      <Form.Text muted>{t('images.hint')}</Form.Text>
    </Form.Group>
  );
}
